import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer } from 'node:net';
import { createLogger } from '../../api/logger.ts';
import { startSmtpCatcher } from '../../tests/helpers/smtp-catcher.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { createMailer, listOutbox } from './index.ts';

const logger = createLogger('silent');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mailer', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db.drop());

  it('keeps mails in the outbox as LOGGED when no SMTP is configured', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Test <no-reply@example.org>', logger });
    const mail = await mailer.send(db.orm.em.fork(), { to: 'a@example.org', subject: 'Hello', text: 'Body' });
    assert.equal(mail.status, 'LOGGED');
    assert.equal(mailer.delivers, false);
    assert.equal(await mailer.retryFailed(db.orm.em.fork()), 0);
  });

  it('retries a mail that failed once SMTP is reachable again', async () => {
    const port = await freePort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Test <no-reply@example.org>', logger });
    const failed = await mailer.send(db.orm.em.fork(), { to: 'b@example.org', subject: 'Receipt', text: 'Thank you, ልገሳዎ ደርሷል' });
    assert.equal(failed.status, 'FAILED');
    assert.ok(failed.lastError);

    const smtp = await startSmtpCatcher();
    try {
      const retrying = createMailer({ smtpUrl: smtp.url, from: 'Test <no-reply@example.org>', logger });
      assert.equal(await retrying.retryFailed(db.orm.em.fork()), 1);
      assert.equal(smtp.mails.length, 1);
      assert.deepEqual(smtp.mails[0]?.to, ['b@example.org']);
      const row = (await listOutbox(db.orm.em.fork(), { limit: 10 })).find((m) => m.id === failed.id);
      assert.equal(row?.status, 'SENT');
      assert.equal(row?.attempts, 2);
      assert.equal(await retrying.retryFailed(db.orm.em.fork()), 0, 'a sent mail is not sent again');
    } finally {
      await smtp.close();
    }
  });
});
