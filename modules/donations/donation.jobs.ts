import type { Job } from '../jobs/index.ts';
import { expireAbandoned, pendingLifetimeMs } from './donation.states.ts';

export const expireDonationsJob: Job = {
  name: 'expire-donations',
  schedule: '23 * * * *',
  lockMs: 10 * 60_000,
  async run(em) {
    const expired = await expireAbandoned(em, new Date(Date.now() - pendingLifetimeMs));
    return `${expired} abandoned donations expired`;
  },
};
