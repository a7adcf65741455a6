import type { Job } from '../jobs/index.ts';
import type { Mailer } from './mail.service.ts';

/** The mailer is the one that knows the composers of QUEUED mails and the SMTP transport. */
export function retryMailJob(mailer: Mailer): Job {
  return {
    name: 'retry-mail',
    schedule: '*/5 * * * *',
    lockMs: 5 * 60_000,
    async run(em) {
      const retried = await mailer.retryFailed(em);
      return `${retried} mails retried`;
    },
  };
}
