import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger } from '../../api/logger.ts';
import { startSmtpCatcher } from '../../tests/helpers/smtp-catcher.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { createMailer, listOutbox } from './index.ts';
import { linksIn } from './mail.service.ts';

const logger = createLogger('silent');

/** A logger whose lines the test reads back, parsed. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info', base: undefined }, sink), lines };
}

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

  it('logs the links of a mail kept in the outbox, so an account can be verified from the console', async () => {
    const { logger: recording, lines } = recordingLogger();
    const verify = 'http://localhost:3000/verify-email?token=Ab9_-x%2B';
    const reset = 'http://localhost:3000/am/reset-password';
    const text = `Hello Almaz,\n\nConfirm your address:\n${verify}\n\nForgot it? ${reset}.\nAgain: ${verify}`;
    const mail = await createMailer({ smtpUrl: undefined, from: 'Test <no-reply@example.org>', logger: recording }).send(db.orm.em.fork(), {
      to: 'g@example.org',
      subject: 'Verify',
      text,
      html: `<a href="${verify}">Verify</a>`,
      sensitive: true,
    });
    const line = lines.find((l) => l.mailId === mail.id);
    assert.deepEqual(line?.links, [verify, reset], 'each link once, without the full stop after it');
    assert.equal(line?.to, 'g@example.org');
    assert.deepEqual(linksIn('No link here.'), []);
    assert.deepEqual(linksIn('See https://give.example.org/fundraiser/7, or (https://give.example.org/about)!'), ['https://give.example.org/fundraiser/7', 'https://give.example.org/about']);
  });

  it('never logs the links of a mail handed to SMTP', async () => {
    const smtp = await startSmtpCatcher();
    try {
      const { logger: recording, lines } = recordingLogger();
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Test <no-reply@example.org>', logger: recording });
      await mailer.send(db.orm.em.fork(), { to: 'h@example.org', subject: 'Reset', text: 'https://give.example.org/reset-password?token=secret-token', sensitive: true });
      assert.equal(smtp.mails.length, 1);
      assert.doesNotMatch(JSON.stringify(lines), /secret-token/);
    } finally {
      await smtp.close();
    }
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
