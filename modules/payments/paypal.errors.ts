import { BadRequest } from '../../kernel/http/index.ts';

/**
 * PayPal settles no Ethiopian birr. Converting would charge the donor an amount set by some
 * exchange rate rather than the one they chose, and credit the fundraiser in a currency it
 * does not count in; so a birr donation is refused here and paid by card instead.
 */
export class PaypalCurrencyUnsupported extends BadRequest {
  constructor() {
    super('paypal_currency_unsupported');
  }
}

export const paypalErrorCodes = ['paypal_currency_unsupported'] as const;
