import type { Job } from '../jobs/index.ts';
import { expireAbandoned, pendingLifetimeMs, purgeUnpaid } from './donation.states.ts';

/** Unpaid donations are deleted an hour after they could last have been paid. */
const purgeMarginMs = 60 * 60_000;

export const expireDonationsJob: Job = {
  name: 'expire-donations',
  schedule: '23 * * * *',
  lockMs: 10 * 60_000,
  async run(em) {
    const purged = await purgeUnpaid(em, new Date(Date.now() - pendingLifetimeMs - purgeMarginMs));
    const expired = await expireAbandoned(em, new Date(Date.now() - pendingLifetimeMs));
    return `${purged} never-paid donations deleted, ${expired} abandoned donations expired`;
  },
};
