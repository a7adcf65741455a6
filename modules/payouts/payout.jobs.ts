import type { Job } from '../jobs/index.ts';
import type { PayoutService } from './payout.service.ts';

/**
 * Payouts left between two states: approved but never sent (the process stopped after the
 * approval's commit), or sent with no word from Chapa yet (a lost answer, a webhook that never
 * came). Chapa is asked by each one's reference, and one it never saw is sent again with it.
 */
export function reconcilePayoutsJob(payouts: PayoutService): Job {
  return {
    name: 'reconcile-payouts',
    schedule: '*/5 * * * *',
    lockMs: 5 * 60_000,
    async run(em) {
      return `${await payouts.reconcile(em)} payouts asked about`;
    },
  };
}
