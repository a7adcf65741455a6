/**
 * Donations and payments as the API answers them, typed from the API's own schemas
 * (modules/donations, modules/payments; types only), and what the donate form, the sandbox
 * checkout and the success and cancel pages share. Browser-safe: no catalogues, no server code.
 */
import type { DonationView, PublicDonationView } from '../../../modules/donations/donation.schemas.ts';
import type { PaymentMethodsView, PaymentResultView, PaymentStartView } from '../../../modules/payments/payment.schemas.ts';
import { apiFetch } from './api.ts';
import { captchaQuery, getCaptchaToken } from './captcha.ts';
import type { Currency } from './fundraiser.ts';

export type Donation = DonationView;
/** A succeeded donation as anybody may see it on the fundraiser page. */
export type PublicDonation = PublicDonationView;
export type PaymentStart = PaymentStartView;
export type PaymentResult = PaymentResultView;
export type PaymentMethod = PaymentStart['paymentMethod'];
export type DonationStatus = Donation['status'];

/**
 * The ways to pay a fundraiser's currency. PayPal settles no Ethiopian birr, and the API
 * refuses it for birr (modules/payments/paypal.errors.ts), so it is not offered there.
 */
export function paymentMethodsFor(currency: Currency, live: readonly PaymentMethod[] = ['STRIPE', 'PAYPAL']): PaymentMethod[] {
  return (currency === 'ETB' ? (['STRIPE'] as PaymentMethod[]) : (['STRIPE', 'PAYPAL'] as PaymentMethod[])).filter((method) => live.includes(method));
}

/** The rails that take money now (GET /api/payments/methods): in production, only those with keys. */
export type PaymentMethods = PaymentMethodsView;

/** One tap for the common gifts, in steps that make sense for each currency. */
export const amountPresets: Record<Currency, readonly number[]> = {
  USD: [10, 25, 50, 100, 250],
  ETB: [100, 500, 1000, 2500, 5000],
};

/** The name the API shows a donation under when the donor gave none (spec section 3). */
export const anonymousName = 'Anonymous';

/** Recent donations on the fundraiser page, a page at a time (?donationsPage=N, up to the largest N here). */
export const donationsPageSize = 10;
export const maxDonationsPage = 100_000;

/**
 * Where the donor comes back to: `payment_intent` from Stripe and the sandbox, `token`
 * (the order id) from PayPal. Either is what confirm-payment takes.
 */
export function paymentRefFrom(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('payment_intent')?.trim() || params.get('token')?.trim() || null;
}

/** Asks the server how a payment stands; it asks the provider, never the browser. */
export async function confirmPayment(ref: string, lang: string): Promise<PaymentResult> {
  const token = await getCaptchaToken('pay');
  return apiFetch<PaymentResult>(`/api/confirm-payment?paymentIntentId=${encodeURIComponent(ref)}&${captchaQuery(token)}`, { method: 'POST', lang });
}

/**
 * What the pages after the checkout show about the gift (amount, fundraiser), which the
 * confirmation does not carry. Kept for this tab only: the checkout and the provider
 * send the donor back into the tab they left from.
 */
export type DonationContext = { fundraiserId: number; title: string; amount: string; currency: Currency };

const contextKey = (ref: string) => `donation:${ref}`;

export function rememberDonation(ref: string, context: DonationContext): void {
  try {
    sessionStorage.setItem(contextKey(ref), JSON.stringify(context));
  } catch {
    // Storage off (a private window, say): the later pages just say less.
  }
}

export function recallDonation(ref: string): DonationContext | null {
  try {
    const raw = sessionStorage.getItem(contextKey(ref));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DonationContext>;
    if (typeof value.fundraiserId !== 'number' || typeof value.amount !== 'string' || (value.currency !== 'USD' && value.currency !== 'ETB')) return null;
    return { fundraiserId: value.fundraiserId, title: String(value.title ?? ''), amount: value.amount, currency: value.currency };
  } catch {
    return null;
  }
}
