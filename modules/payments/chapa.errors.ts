import { BadRequest } from '../../kernel/http/index.ts';

/**
 * Chapa is offered for birr: telebirr, CBE Birr, M-Pesa and Ethiopian bank apps move birr. A
 * gift in dollars is paid by card or PayPal, which settle it without a conversion.
 */
export class ChapaCurrencyUnsupported extends BadRequest {
  constructor() {
    super('chapa_currency_unsupported');
  }
}

export const chapaErrorCodes = ['chapa_currency_unsupported'] as const;
