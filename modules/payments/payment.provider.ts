import type { PaymentMethod } from '../donations/index.ts';
import type { Currency } from '../money/index.ts';
import type { Payment } from './payment.entity.ts';

export interface StartRequest {
  donationId: number;
  amountMinor: number;
  currency: Currency;
  /** Shown by the provider to the donor, e.g. on a card statement or PayPal's page. */
  description: string;
  /** Where PayPal and Chapa send the donor back after paying, and PayPal after cancelling. */
  returnUrl: string;
  cancelUrl: string;
  /** Where Chapa calls (GET, with the tx_ref) once the donor has paid: a hint to ask it, no more. */
  callbackUrl: string;
  /** The donor as a hosted checkout may prefill them (Chapa); the phone number is never stored. */
  donor: { email: string; name: string | null; phoneNumber: string | null };
}

export interface Started {
  /** PaymentIntent id, PayPal order id, Chapa tx_ref, or the sandbox's own. */
  providerRef: string;
  clientSecret: string | null;
  redirectUrl: string | null;
}

export type ProviderState = 'succeeded' | 'failed' | 'cancelled' | 'pending' | 'refunded';

export interface ProviderOutcome {
  state: ProviderState;
  /** The charge or capture id, once money moved. */
  transactionId: string | null;
  /** How the donor paid within the method, as the provider names it (Chapa: telebirr, cbebirr, mpesa, a bank). */
  channel?: string | null;
  /**
   * What the provider says was paid. Every provider's success must carry it (the sandbox's
   * aside, where no money moves): a success for another amount or currency than the
   * donation's, or one that does not say, is not counted.
   */
  paid?: { amountMinor: number; currency: string } | undefined;
}

/** What a refund needs to know of the payment it gives money back for. */
export interface RefundRequest {
  /** The PaymentIntent or order id. */
  providerRef: string;
  /** The charge or capture id the money moved with. */
  transactionId: string | null;
  currency: Currency;
  /** Minor units to give back; all of it when left out. */
  amountMinor?: number;
  /** The same key, the same refund: a retried or concurrent request never refunds twice. */
  idempotencyKey: string;
}

/** A provider's webhook event about one of our payments, after its signature was verified. */
export interface WebhookEvent {
  eventId: string;
  /** The provider's event type, e.g. payment_intent.succeeded, PAYMENT.CAPTURE.COMPLETED. */
  type: string;
  /** The PaymentIntent or order id the event is about. */
  providerRef: string;
  outcome: ProviderOutcome;
  /** For a chargeback's news: the dispute's status as the provider words it. */
  dispute?: { status: string };
  /**
   * The id is not unique to one happening but names the event and the payment (Chapa's
   * `<event>:<tx_ref>`): it is stored only when it changed something, and news that settles
   * nothing is not stored, so the same id about a later change still counts.
   */
  repeatable?: boolean;
}

/** News of a transfer out of the platform (a payout), not of a payment: it only says which transfer to ask about. */
export interface TransferNews {
  transferReference: string;
  type: string;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received: signatures are computed over them. */
  rawBody: Buffer;
}

/** A card or wallet provider as the payments service uses it; the sandbox is one too. */
export interface PaymentProvider {
  method: PaymentMethod;
  sandbox: boolean;
  /** Stripe's publishable key for the Payment Element; null otherwise. */
  publishableKey: string | null;
  /** Creates the payment at the provider. Called once per donation and method; the donation id is the idempotency key. */
  start(request: StartRequest): Promise<Started>;
  /** Asks the provider how the payment stands (capturing an approved PayPal order): never the browser's word. */
  outcome(payment: Payment): Promise<ProviderOutcome>;
  /** Gives a succeeded payment's money back, all of it or `amountMinor`; answers the provider's refund id. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Verifies a webhook delivery and reads the event. Throws InvalidWebhook (400) for a bad
   * signature or body; answers null for a verified event that is about nothing we track
   * (another event type). The sandbox has no webhooks. Chapa signs the news of its transfers
   * (payouts) the same way, to the same address: that is answered as TransferNews.
   */
  webhook?(request: WebhookRequest): Promise<WebhookEvent | TransferNews | null>;
}
