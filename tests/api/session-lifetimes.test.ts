import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SessionSchema, sessionLifetimes, sessionLifetimesFor } from '../../modules/sessions/index.ts';
import { fakeUser, signIn } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('session idle timeouts from configuration', () => {
  it('defaults to 30 minutes, 60 with remember-me, sliding at most once a minute', () => {
    assert.equal(sessionLifetimes.idleMs, 30 * 60_000);
    assert.equal(sessionLifetimes.rememberedIdleMs, 60 * 60_000);
    assert.equal(sessionLifetimes.touchEveryMs, 60_000);
  });

  it('slides short sessions more often, so that they stay alive while in use', () => {
    const short = sessionLifetimesFor({ idleMinutes: 0.5, rememberedIdleMinutes: 1 });
    assert.equal(short.idleMs, 30_000);
    assert.equal(short.rememberedIdleMs, 60_000);
    assert.equal(short.touchEveryMs, 3_000);
  });

  describe('with SESSION_IDLE_MINUTES and SESSION_REMEMBERED_IDLE_MINUTES set', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp({ SESSION_IDLE_MINUTES: '0.5', SESSION_REMEMBERED_IDLE_MINUTES: '2' });
    });
    after(() => app.close());

    it('stores and reports the configured idle timeout, which the site’s inactivity timers follow', async () => {
      const { email, password, user } = await fakeUser(app.orm);
      const browser = app.client();
      await signIn(browser, { email, password });
      const status = await browser.get('/api/auth/status');
      assert.equal(status.data.session.idleTimeoutMinutes, 0.5);
      const [row] = await app.orm.em.fork().find(SessionSchema, { userId: user.id });
      assert.ok(Math.abs(row!.expiresAt.getTime() - row!.lastSeenAt.getTime() - 30_000) <= 1000);

      const remembered = app.client();
      await signIn(remembered, { email, password }, true);
      assert.equal((await remembered.get('/api/auth/status')).data.session.idleTimeoutMinutes, 2);
    });
  });
});
