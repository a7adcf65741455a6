import type { Job } from '../jobs/index.ts';
import type { Mailer } from '../mail/index.ts';
import { sendCommentDigests } from './comment.digest.ts';

/** Every ten minutes, so that a digest goes out within ten minutes of its hour coming round. */
export function commentDigestJob(mailer: Mailer): Job {
  return {
    name: 'comment-digests',
    schedule: '*/10 * * * *',
    lockMs: 10 * 60_000,
    async run(em, log) {
      const sent = await sendCommentDigests(em, mailer, log);
      return `${sent} comment digests queued`;
    },
  };
}
