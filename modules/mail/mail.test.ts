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

  it('drops the body of a sensitive mail once SMTP accepted it, also after a retry, and keeps it while it is the only copy', async () => {
    const secret = 'https://example.org/reset-password?token=secret-token';
    const logged = await createMailer({ smtpUrl: undefined, from: 'Test <no-reply@example.org>', logger }).send(db.orm.em.fork(), {
      to: 'c@example.org',
      subject: 'Reset',
      text: secret,
      sensitive: true,
    });
    assert.equal(logged.status, 'LOGGED');
    assert.match(logged.text, /secret-token/, 'without SMTP the outbox is the mailbox');

    const port = await freePort();
    const down = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Test <no-reply@example.org>', logger });
    const failed = await down.send(db.orm.em.fork(), { to: 'd@example.org', subject: 'Reset', text: secret, html: `<a href="${secret}">x</a>`, sensitive: true });
    assert.equal(failed.status, 'FAILED');
    assert.match(failed.text, /secret-token/, 'kept for the retry');

    const smtp = await startSmtpCatcher();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Test <no-reply@example.org>', logger });
      await mailer.retryFailed(db.orm.em.fork());
      assert.ok(smtp.mails.some((m) => m.to.includes('d@example.org') && m.raw.includes('secret-token')));
      const sent = await mailer.send(db.orm.em.fork(), { to: 'e@example.org', subject: 'Verify', text: secret, sensitive: true });
      const plain = await mailer.send(db.orm.em.fork(), { to: 'f@example.org', subject: 'Hello', text: 'An ordinary mail' });
      const rows = await listOutbox(db.orm.em.fork(), { limit: 20 });
      for (const id of [failed.id, sent.id]) {
        const row = rows.find((m) => m.id === id)!;
        assert.equal(row.status, 'SENT');
        assert.doesNotMatch(row.text, /secret-token/);
        assert.equal(row.html, null);
      }
      assert.equal(rows.find((m) => m.id === plain.id)?.text, 'An ordinary mail');
    } finally {
      await smtp.close();
    }
  });
});
