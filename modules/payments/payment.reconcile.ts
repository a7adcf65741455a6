import { PaymentSchema } from './payment.entity.ts';
import type { GiveBack, PaymentRefunds } from './payment.refund.ts';
import type { PaymentService } from './payment.service.ts';
import type { PaymentDependencies, RecordOutcome } from './payment.shared.ts';

/** The reconciliation (PaymentService.reconcile): it settles, gives back and finishes refunds left undone. */
export function createReconciliation(
  deps: PaymentDependencies,
  { record, giveBack, finishRequestedRefund }: { record: RecordOutcome; giveBack: GiveBack['giveBack']; finishRequestedRefund: PaymentRefunds['finishRequestedRefund'] },
): PaymentService['reconcile'] {
  const { providers } = deps;

  return async function reconcile(em, window) {
    const open = await em.find(
      PaymentSchema,
      { status: 'STARTED', createdAt: { $gte: window.from, $lt: window.to } },
      { limit: window.limit ?? 200, orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    let settled = 0;
    for (const payment of open) {
      const provider = providers[payment.method];
      // A payment keeps the rail it was made on: a sandbox one is asked of the sandbox only while that rail is still the sandbox.
      if (!provider || provider.sandbox !== payment.sandbox) continue;
      try {
        if (await record(em.fork(), payment, await provider.outcome(payment))) settled += 1;
      } catch (error) {
        deps.logger.error({ err: error, paymentId: payment.id }, 'reconciliation could not settle a payment; will try again');
      }
    }
    // Claimed before the window's end, so that a giving back under way right now is left to its request.
    const unrefunded = await em.find(PaymentSchema, { refundReason: { $in: ['DUPLICATE', 'NOT_COUNTED'] }, status: 'SUCCEEDED', updatedAt: { $lt: window.to } }, { limit: 50, orderBy: { id: 'asc' }, disableIdentityMap: true });
    for (const payment of unrefunded) if (payment.refundReason && payment.refundReason !== 'REQUESTED') await giveBack(em.fork(), payment, payment.refundReason, 'retry');
    // Claimed before the window's end, so that a refund under way right now is left to its request.
    const requested = await em.find(PaymentSchema, { refundReason: 'REQUESTED', status: 'SUCCEEDED', updatedAt: { $lt: window.to } }, { limit: 50, orderBy: { id: 'asc' }, disableIdentityMap: true });
    for (const payment of requested) await finishRequestedRefund(em.fork(), payment);
    return { asked: open.length, settled };
  };
}
