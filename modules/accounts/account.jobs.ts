import type { Job } from '../jobs/index.ts';
import { purgeOldTokens } from './account-token.service.ts';

export const purgeAccountTokensJob: Job = {
  name: 'purge-account-tokens',
  schedule: '21 * * * *',
  lockMs: 10 * 60_000,
  async run(em) {
    return `${await purgeOldTokens(em)} account tokens removed`;
  },
};
