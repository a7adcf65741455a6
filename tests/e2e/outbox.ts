import { openDatabase } from '../../db/index.ts';
import { listOutbox, type OutboxMail } from '../../modules/mail/index.ts';

/** Reads the e2e server's outbox straight from its database, as an operator would. */
export async function latestMails(limit = 10, databaseUrl?: string): Promise<OutboxMail[]> {
  const url = databaseUrl ?? process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set; run through npm run test:e2e');
  const orm = await openDatabase(url);
  try {
    return await listOutbox(orm.em.fork(), { limit });
  } finally {
    await orm.close();
  }
}
