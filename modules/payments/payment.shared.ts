import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { AppError } from '../../kernel/http/index.ts';
import type { DonationStatus, PaymentMethod } from '../donations/index.ts';
import type { Payment } from './payment.entity.ts';
import { PaymentCheckFailed, PaymentMethodUnavailable, ProviderFailed, ProviderUnavailable, ProviderUnreachable } from './payment.errors.ts';
import type { PaymentProvider, ProviderOutcome, WebhookEvent } from './payment.provider.ts';

/**
 * What follows a donation's success in the same transaction: its receipt e-mail, queued there
 * (so it exists exactly when the success was committed) and sent right after the commit.
 */
export interface ReceiptMail {
  queue(tx: EntityManager, donationId: number): Promise<number>;
  send(em: EntityManager, queuedId: number): Promise<void>;
}

/** What the payment service is given at start-up (createPaymentService). */
export interface PaymentDependencies {
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  publicUrl: string;
  logger: Logger;
  receiptMail?: ReceiptMail;
  /** The donor's notice that their gift was given back, queued as the receipt is, when a donation becomes REFUNDED (by our request or the provider's word). */
  refundMail?: ReceiptMail;
}

/** Settling's `record` (payment.settle.ts), which refunds and the reconciliation are given to record a provider's word with. */
export type RecordOutcome = (em: EntityManager, payment: Payment, outcome: ProviderOutcome, event?: Pick<WebhookEvent, 'eventId' | 'type' | 'repeatable'>) => Promise<boolean | null>;

/**
 * The donation was paid, by a payment of another method than this one: a donation has one
 * payment per method, and `paymentMethod` is set to the paying one when it succeeds.
 */
export function paidByAnother(donation: { status: DonationStatus; paymentMethod?: PaymentMethod | null }, payment: Payment): boolean {
  return (donation.status === 'SUCCEEDED' || donation.status === 'REFUNDED') && donation.paymentMethod !== payment.method;
}

export function providerFor(deps: PaymentDependencies, method: PaymentMethod): PaymentProvider {
  const provider = deps.providers[method];
  if (!provider) throw new PaymentMethodUnavailable();
  return provider;
}

/**
 * A provider that refuses or cannot be reached gives the donor a clear 502, not a 500 (the
 * reconciliation asks again about a payment it could not say how stands).
 */
export async function atProvider<T>(deps: PaymentDependencies, provider: PaymentProvider, call: () => Promise<T>, failure: { message: string; donationId?: number; paymentId?: number }): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { message, ...about } = failure;
    deps.logger.error({ err: error, method: provider.method, ...about }, message);
    // A provider that could not say how a payment stands: the donor is told so, not that it could not start.
    if (error instanceof ProviderFailed) throw error.transient ? new ProviderUnreachable() : new PaymentCheckFailed();
    throw new ProviderUnavailable();
  }
}
