import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSmtpCatcher } from '../../tests/helpers/smtp-catcher.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { listOutbox } from '../mail/index.ts';
import { contactEntities } from './index.ts';

const [ContactMessageSchema] = contactEntities;
const valid = { name: 'Selam Bekele', email: 'selam@example.com', message: 'How do I start a fundraiser for my school?' };

describe('contact form without SMTP', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ CONTACT_EMAIL: 'help@example.org' });
  });
  after(() => app.close());

  it('stores the message and keeps a mail to the support address in the outbox', async () => {
    const { status, data } = await app.client().post('/api/email/contact-us', valid);
    assert.equal(status, 201);
    assert.equal(data.received, true);
    const stored = await app.orm.em.fork().findOneOrFail(ContactMessageSchema!, { id: data.id });
    assert.equal(stored.email, valid.email);
    assert.equal(stored.message, valid.message);
    const [mail] = await listOutbox(app.orm.em.fork(), { limit: 1 });
    assert.equal(mail?.to, 'help@example.org');
    assert.equal(mail?.replyTo, valid.email);
    assert.equal(mail?.status, 'LOGGED');
    assert.match(mail?.text ?? '', /How do I start a fundraiser for my school\?/);
  });

  it('rejects invalid input with a message per field and stores nothing', async () => {
    const em = app.orm.em.fork();
    const before = await em.count(ContactMessageSchema!);
    const { status, data } = await app.client().post('/api/email/contact-us', { name: ' ', email: 'selam@', message: 'short', extra: 1 });
    assert.equal(status, 400);
    assert.match(data.fields.name, /required/);
    assert.match(data.fields.email, /valid e-mail/);
    assert.match(data.fields.message, /at least 10 characters/);
    assert.match(data.fields.extra, /not expected/);
    assert.equal(await app.orm.em.fork().count(ContactMessageSchema!), before);
  });

  it('limits messages per e-mail address and per client address, with Retry-After', async () => {
    const client = app.client();
    const email = { ...valid, email: 'often@example.com' };
    for (let i = 0; i < 3; i += 1) assert.equal((await client.post('/api/email/contact-us', email)).status, 201);
    const limited = await client.post('/api/email/contact-us', email);
    assert.equal(limited.status, 429);
    assert.equal(limited.data.code, 'too_many_requests');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter}`);

    // The same client with another address still hits the per-client limit (5 an hour; 4 used above in this suite).
    const other = await client.post('/api/email/contact-us', { ...valid, email: 'another@example.com' });
    assert.equal(other.status, 429);
  });
});

describe('contact form with SMTP', () => {
  it('delivers the mail through SMTP, and records a failure without losing the message when SMTP is down', async () => {
    const smtp = await startSmtpCatcher();
    const app = await startTestApp({ SMTP_URL: smtp.url, CONTACT_EMAIL: 'help@example.org' });
    try {
      const { status } = await app.client().post('/api/email/contact-us', valid);
      assert.equal(status, 201);
      assert.equal(smtp.mails.length, 1);
      assert.deepEqual(smtp.mails[0]?.to, ['help@example.org']);
      assert.match(smtp.mails[0]?.raw ?? '', /Reply-To: selam@example\.com/);
      assert.equal((await listOutbox(app.orm.em.fork(), { limit: 1 }))[0]?.status, 'SENT');
    } finally {
      await app.close();
      await smtp.close();
    }

    const down = await startSmtpCatcher();
    const url = down.url;
    await down.close();
    const failing = await startTestApp({ SMTP_URL: url, CONTACT_EMAIL: 'help@example.org' });
    try {
      const { status } = await failing.client().post('/api/email/contact-us', valid);
      assert.equal(status, 201, 'the message is accepted even when mail cannot go out yet');
      const [mail] = await listOutbox(failing.orm.em.fork(), { limit: 1 });
      assert.equal(mail?.status, 'FAILED');
      assert.equal(mail?.attempts, 1);
    } finally {
      await failing.close();
    }
  });
});
