import type { Job } from '../jobs/index.ts';
import { purgeExpiredSessions } from './session.service.ts';

export const purgeSessionsJob: Job = {
  name: 'purge-sessions',
  schedule: '17 * * * *',
  lockMs: 10 * 60_000,
  async run(em) {
    return `${await purgeExpiredSessions(em)} expired sessions removed`;
  },
};
