/**
 * Donations and payments as the API answers them, typed from the API's own schemas
 * (modules/donations, modules/payments; types only), and what the donate form, the sandbox
 * checkout and the success and cancel pages share. Browser-safe: no catalogues, no server code.
 */
import type { z } from 'zod';
import type { DonationView, PublicDonationView } from '../../../modules/donations/donation.schemas.ts';
import type { PaymentMethodsView, PaymentResultView, PaymentStartView, sandboxCompleteRequest } from '../../../modules/payments/payment.schemas.ts';
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
 * The ways to pay a fundraiser's currency, the first one chosen. Birr: Chapa first (telebirr,
 * CBE Birr, M-Pesa, Ethiopian banks, how most givers in Ethiopia pay), then card; PayPal
 * settles no birr (modules/payments/paypal.errors.ts). Dollars: card and PayPal; Chapa takes
 * birr only (modules/payments/chapa.errors.ts).
 */
export function paymentMethodsFor(currency: Currency, live: readonly PaymentMethod[]): PaymentMethod[] {
  return (currency === 'ETB' ? (['CHAPA', 'STRIPE'] as const) : (['STRIPE', 'PAYPAL'] as const)).filter((method) => live.includes(method));
}

/**
 * Chapa's names for the ways to pay on its page that the site words itself: the test
 * checkout offers these (sandboxChannels in modules/payments/payment.entity.ts). A real
 * payment may name another (a bank), shown as Chapa sends it.
 */
export type ChapaChannel = NonNullable<z.input<typeof sandboxCompleteRequest>['channel']>;
export const chapaChannels = ['telebirr', 'cbebirr', 'mpesa', 'bank'] as const satisfies readonly ChapaChannel[];

/** A test checkout's payment that stands in for Chapa's page (modules/payments/payment.sandbox.ts names it so). */
export const isChapaSandbox = (ref: string): boolean => ref.startsWith('sandbox_chapa_');

/**
 * Whether a typed number would pass the API's first check of the phone number that Chapa's
 * page is prefilled with (modules/payments/payment.schemas.ts): empty, or an Ethiopian mobile
 * number as people write it (0911 23 45 67, +251 911-234567).
 */
export function looksLikeEthiopianMobile(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '').replace(/^(?:\+|00)?251(?=[79])/, '0');
  return digits === '' || /^0[79]\d{8}$/.test(digits);
}

/** The rails that take money now (GET /api/payments/methods): in production, only those with keys. */
export type PaymentMethods = PaymentMethodsView;

/** One tap for the common gifts, in steps that make sense for each currency. */
export const amountPresets: Record<Currency, readonly number[]> = {
  USD: [10, 25, 50, 100, 250],
  ETB: [100, 500, 1000, 2500, 5000],
};

/** The donate form's fields that a plain post (no script) can send back to be corrected. */
export const donateFormFields = ['amount', 'donorName', 'donorEmail', 'message', 'phoneNumber'] as const;
export type DonateFormField = (typeof donateFormFields)[number];

/**
 * What went wrong with a plain post of the donate form, as its address says
 * (`?problem=<code>&fields=…`, modules/payments/donate-form.ts): a code the page has words
 * for, or 'not_started' for any other, and the fields to correct, in the form's order.
 */
export function donateProblem(params: URLSearchParams): { problem: 'validation_failed' | 'card_needs_script' | 'not_started' | null; fields: DonateFormField[] } {
  const code = params.get('problem');
  const problem = !code ? null : code === 'validation_failed' || code === 'card_needs_script' ? code : 'not_started';
  const named = (params.get('fields') ?? '').split(',');
  return { problem, fields: donateFormFields.filter((field) => named.includes(field)) };
}

/** The name the API shows a donation under when the donor gave none. */
export const anonymousName = 'Anonymous';

/** Recent donations on the fundraiser page, a page at a time (?donationsPage=N, up to the largest N here). */
export const donationsPageSize = 10;
export const maxDonationsPage = 100_000;

/**
 * Where the donor comes back to: `payment_intent` from Stripe, Chapa (its tx_ref) and the
 * sandbox, `token` (the order id) from PayPal. Either is what confirm-payment takes.
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
