import { pendingLifetimeMs } from '../donations/index.ts';
import type { Job } from '../jobs/index.ts';
import type { PaymentService } from './payment.service.ts';

/**
 * Asks the providers about payments left STARTED, before donations' expire-donations gives
 * up on them: a donor who paid but never came back is found here.
 */
export function reconcilePaymentsJob(payments: PaymentService): Job {
  return {
    name: 'reconcile-payments',
    schedule: '*/10 * * * *',
    lockMs: 10 * 60_000,
    async run(em) {
      const now = Date.now();
      // From ten minutes old, when a donor still on the provider's page has had time to finish.
      const { asked, settled } = await payments.reconcile(em, { from: new Date(now - 2 * pendingLifetimeMs), to: new Date(now - 10 * 60_000) });
      return `${asked} open payments asked about, ${settled} settled`;
    },
  };
}
