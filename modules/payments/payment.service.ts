import type { EntityManager } from '@mikro-orm/core';
import type { DonorActor, PaymentMethod } from '../donations/index.ts';
import type { SandboxChannel, SandboxOutcome } from './payment.entity.ts';
import type { PaymentProvider, WebhookEvent } from './payment.provider.ts';
import { createReconciliation } from './payment.reconcile.ts';
import { createGiveBack, createPaymentRefunds, type BeforeRefundClaim, type RefundOutcome } from './payment.refund.ts';
import type { PaymentMethodView, PaymentResultView, PaymentStartView } from './payment.schemas.ts';
import { createPaymentSettlement } from './payment.settle.ts';
import type { PaymentDependencies } from './payment.shared.ts';
import { createPaymentStart } from './payment.start.ts';

export interface PaymentService {
  /** The live rails only: a method without keys has no provider in production. */
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  /** The methods donors are offered, in order. */
  methods(): PaymentMethodView[];
  /** `phoneNumber` (Chapa) prefills the donor's wallet number on the provider's page; it is not kept. */
  start(em: EntityManager, donationId: number, method: PaymentMethod, actor: DonorActor, options?: { phoneNumber?: string | undefined }): Promise<PaymentStartView>;
  confirm(em: EntityManager, providerRef: string, actor: DonorActor): Promise<PaymentResultView>;
  /**
   * A provider's word that a payment moved, from anybody (Chapa's callback): the provider is
   * asked and its answer recorded, as a confirmation would; a payment already settled is left be.
   */
  recheck(em: EntityManager, providerRef: string, method: PaymentMethod): Promise<void>;
  completeSandbox(em: EntityManager, providerRef: string, outcome: SandboxOutcome, actor: DonorActor, channel?: SandboxChannel): Promise<void>;
  /**
   * A verified provider event about a payment: recorded once by its id, in the same
   * transaction as the change it makes. False for an event seen before.
   */
  applyEvent(em: EntityManager, event: WebhookEvent & { method: PaymentMethod }): Promise<boolean>;
  /**
   * Asks the providers about payments started between `from` and `to` and still unsettled: a
   * donor who paid but closed the tab before the success page, or a webhook that never came.
   * The sandbox's payments too, whose outcome was chosen but never confirmed (a crash between
   * the two). Duplicate payments whose refund did not go through are tried again. Answers how
   * many were asked and how many of those the answer settled.
   */
  reconcile(em: EntityManager, window: { from: Date; to: Date; limit?: number }): Promise<{ asked: number; settled: number }>;
  /**
   * Gives a paid donation's money back through the provider that took it. Whole (no `part`):
   * the payment is claimed first (`refundReason` REQUESTED), so one request refunds it and the
   * others get 409; the provider's answer is recorded as its refund webhook would be, so the
   * donation becomes REFUNDED and leaves the total once, whichever comes first; a crash between
   * the provider and the record is finished by the reconciliation. Part: the gift stays counted
   * (a donation is refunded whole or not at all); `requestKey` (the caller's id of the request)
   * makes a repeated request one refund at the provider.
   */
  /** `beforeClaim` runs in the transaction that claims a whole refund, and refuses it by throwing (the payouts' check that nothing is overdrawn). */
  refund(em: EntityManager, donationId: number, part?: { amountMinor: number; requestKey: string }, beforeClaim?: BeforeRefundClaim): Promise<RefundOutcome>;
}

/**
 * Starting (payment.start.ts), settling (payment.settle.ts) and refunding (payment.refund.ts),
 * with the reconciliation (payment.reconcile.ts) that finishes what each left undone.
 */
export function createPaymentService(deps: PaymentDependencies): PaymentService {
  const giveBack = createGiveBack(deps);
  const settlement = createPaymentSettlement(deps, giveBack);
  const refunds = createPaymentRefunds(deps, settlement.record);
  return {
    providers: deps.providers,
    ...createPaymentStart(deps),
    confirm: settlement.confirm,
    recheck: settlement.recheck,
    completeSandbox: settlement.completeSandbox,
    applyEvent: settlement.applyEvent,
    reconcile: createReconciliation(deps, { record: settlement.record, giveBack: giveBack.giveBack, finishRequestedRefund: refunds.finishRequestedRefund }),
    refund: refunds.refund,
  };
}
