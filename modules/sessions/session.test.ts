import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { z } from 'zod';
import { createMessages, errorHandler, requestContext, route, routes, type AppContextExtras, type AppState } from '../../kernel/http/index.ts';
import { createLogger } from '../../api/logger.ts';
import { TestClient } from '../../tests/helpers/http-client.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { SessionSchema, destroyUserSessions, purgeExpiredSessions, sessionLifetimes, sessions } from './index.ts';

const userIdResponse = z.object({ userId: z.number().nullable().optional() });

describe('server-side sessions', () => {
  let db: TestDatabase;
  let client: () => TestClient;
  let close: () => void;

  before(async () => {
    db = await createTestDatabase();
    const app = new Koa<AppState, AppContextExtras>();
    const testRoutes = routes([
      route({
        method: 'post',
        path: '/api/sign-in',
        tag: 'test',
        summary: 'sign in',
        response: userIdResponse,
        handler: async ({ ctx }) => {
          const session = await ctx.state.session.start({ userId: 7, rememberMe: ctx.query.remember === '1' });
          return { userId: session.userId };
        },
      }),
      route({ method: 'get', path: '/api/me', tag: 'test', summary: 'me', response: userIdResponse, handler: async ({ ctx }) => ({ userId: ctx.state.session.current?.userId ?? null }) }),
      route({ method: 'post', path: '/api/sign-out', tag: 'test', summary: 'sign out', handler: async ({ ctx }) => ctx.state.session.end() }),
    ]);
    app.use(requestContext(db.orm, createLogger('silent')));
    app.use(errorHandler(createMessages([]), async () => false));
    app.use(sessions({ secure: false }));
    app.use(testRoutes);
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = () => new TestClient(url);
    close = () => server.close();
  });
  after(async () => {
    close();
    await db.drop();
  });

  it('sets an HttpOnly cookie and stores only a hash of it', async () => {
    const browser = client();
    const response = await browser.post('/api/sign-in', undefined, { xsrf: false });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    assert.ok(cookie);
    assert.match(cookie, /httponly/i);
    assert.match(cookie, /samesite=lax/i);
    const token = browser.cookies.get('sid')!;
    assert.equal(await db.orm.em.fork().count(SessionSchema, { id: token }), 0, 'the raw token is not a row id');
    assert.deepEqual((await browser.get('/api/me')).data, { userId: 7 });
  });

  it('issues a new session id at sign-in, so a planted id is useless', async () => {
    const browser = client();
    await browser.post('/api/sign-in', undefined, { xsrf: false });
    const first = browser.cookies.get('sid');
    await browser.post('/api/sign-in', undefined, { xsrf: false });
    const second = browser.cookies.get('sid');
    assert.notEqual(first, second);
    const stale = client();
    stale.cookies.set('sid', first!);
    assert.deepEqual((await stale.get('/api/me')).data, { userId: null }, 'the replaced session no longer works');
  });

  it('ends the session on the server: the old cookie no longer works', async () => {
    const browser = client();
    await browser.post('/api/sign-in', undefined, { xsrf: false });
    const token = browser.cookies.get('sid')!;
    await browser.post('/api/sign-out', undefined, { xsrf: false });
    const replay = client();
    replay.cookies.set('sid', token);
    assert.deepEqual((await replay.get('/api/me')).data, { userId: null });
  });

  it('expires an idle session, and remember-me doubles the idle time', async () => {
    // Sessions of earlier tests may share the same second of createdAt on MySQL; start clean.
    await db.orm.em.fork().nativeDelete(SessionSchema, {});
    const browser = client();
    await browser.post('/api/sign-in', undefined, { xsrf: false });
    const remembered = client();
    await remembered.post('/api/sign-in?remember=1', undefined, { xsrf: false });
    const em = db.orm.em.fork();
    const rows = await em.find(SessionSchema, {}, { orderBy: { createdAt: 'desc' }, limit: 2 });
    const idle = rows.map((r) => r.expiresAt.getTime() - r.lastSeenAt.getTime()).sort((a, b) => a - b);
    // MySQL keeps whole seconds, rounding each datetime on its own, so allow one second either way.
    assert.equal(rows.length, 2);
    assert.ok(Math.abs(idle[0]! - sessionLifetimes.idleMs) <= 1000, `idle ${idle[0]}`);
    assert.ok(Math.abs(idle[1]! - sessionLifetimes.rememberedIdleMs) <= 1000, `remembered idle ${idle[1]}`);

    await em.nativeUpdate(SessionSchema, {}, { expiresAt: new Date(Date.now() - 1000) });
    assert.deepEqual((await browser.get('/api/me')).data, { userId: null });
    const expired = await db.orm.em.fork().count(SessionSchema, { expiresAt: { $lte: new Date() } });
    assert.ok(expired > 0);
    assert.equal(await purgeExpiredSessions(db.orm.em.fork()), expired);
    assert.equal(await db.orm.em.fork().count(SessionSchema, { expiresAt: { $lte: new Date() } }), 0);
  });

  it('can end every session of a user except the current one', async () => {
    const a = client();
    const b = client();
    await a.post('/api/sign-in', undefined, { xsrf: false });
    await b.post('/api/sign-in', undefined, { xsrf: false });
    const em = db.orm.em.fork();
    const keep = (await em.find(SessionSchema, { userId: 7 }, { orderBy: { createdAt: 'desc' } }))[0]!;
    await destroyUserSessions(em, 7, keep.id);
    assert.deepEqual((await db.orm.em.fork().find(SessionSchema, { userId: 7 })).map((s) => s.id), [keep.id]);
  });
});
