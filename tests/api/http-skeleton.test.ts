import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Koa from 'koa';
import { contentSecurityPolicy, createMessages, errorHandler, requestContext, type AppContextExtras, type AppState } from '../../kernel/http/index.ts';
import { createLogger } from '../../api/logger.ts';
import { fakeUser, signIn } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const allOn = { stripe: true, paypal: true, chapa: true, googleSignIn: true, botCheck: true, analytics: true };

describe('HTTP skeleton', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('sets a signed XSRF-TOKEN cookie when the browser has none, and not again when it has one', async () => {
    const client = app.client();
    const first = await client.get('/api/categories');
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    assert.ok(setCookie, 'XSRF-TOKEN cookie set');
    assert.doesNotMatch(setCookie, /httponly/i, 'readable by the page so it can echo it');
    assert.match(setCookie, /samesite=lax/i);
    const second = await client.get('/api/categories');
    assert.equal(second.headers.getSetCookie().filter((c) => c.startsWith('XSRF-TOKEN=')).length, 0);
  });

  it('refuses an unsafe method without the X-XSRF-TOKEN header, or with a forged token', async () => {
    const body = { name: 'Abebe', email: 'abebe@example.com', message: 'Hello, I have a question.' };
    const client = app.client();
    const missing = await client.post('/api/email/contact-us', body, { xsrf: false });
    assert.equal(missing.status, 403);
    assert.equal(missing.data.code, 'xsrf_failed');

    const forged = app.client();
    forged.cookies.set('XSRF-TOKEN', 'made-up.value');
    const response = await forged.post('/api/email/contact-us', body, { xsrf: false, headers: { 'X-XSRF-TOKEN': 'made-up.value' } });
    assert.equal(response.status, 403);
  });

  it("binds the token to the browser's session: another browser's token is refused, and signing in or out issues a new one", async () => {
    const body = { name: 'Abebe', email: 'abebe@example.com', message: 'Hello, I have a question.' };
    const a = app.client();
    const b = app.client();
    await signIn(a, await fakeUser(app.orm));
    await signIn(b, await fakeUser(app.orm));
    const tokenOfA = a.cookies.get('XSRF-TOKEN')!;
    // B's session with a token A's browser was given: a valid signature, but not for B.
    b.cookies.set('XSRF-TOKEN', tokenOfA);
    const crossed = await b.post('/api/email/contact-us', body);
    assert.equal(crossed.status, 403);
    assert.equal(crossed.data.code, 'xsrf_failed');
    assert.ok(crossed.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN=')), 'a token for this session comes with the refusal');
    assert.equal((await b.post('/api/email/contact-us', body)).status, 201, "B's own token (just issued) works");

    // A token issued before sign-in does not survive it (nor one from before sign-out).
    const visitor = app.client();
    await visitor.get('/api/csrf');
    const before = visitor.cookies.get('XSRF-TOKEN');
    const person = await fakeUser(app.orm);
    const signedIn = await signIn(visitor, person);
    assert.notEqual(visitor.cookies.get('XSRF-TOKEN'), before, 'sign-in issued a new token');
    assert.ok(signedIn);
    const afterSignIn = visitor.cookies.get('XSRF-TOKEN')!;
    visitor.cookies.set('XSRF-TOKEN', before!);
    assert.equal((await visitor.post('/api/email/contact-us', body)).status, 403, 'the token from before sign-in');
    visitor.cookies.set('XSRF-TOKEN', afterSignIn);
    assert.equal((await visitor.post('/api/auth/logout')).status < 300, true);
    assert.notEqual(visitor.cookies.get('XSRF-TOKEN'), afterSignIn, 'sign-out issued a new token');
    assert.equal((await visitor.post('/api/email/contact-us', body)).status, 201);
  });

  it('answers malformed JSON with a 400 a person can read, not a 500', async () => {
    const { status, data } = await app.client().request('POST', '/api/email/contact-us', {
      body: '{"name": "Abebe",',
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(status, 400);
    assert.equal(data.code, 'invalid_json');
    assert.match(data.message, /not valid JSON/);
    assert.ok(data.requestId);
  });

  it('answers a body that is not JSON with 415', async () => {
    const { status, data } = await app.client().request('POST', '/api/email/contact-us', {
      body: 'name=Abebe',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(status, 415);
    assert.equal(data.code, 'unsupported_media_type');
  });

  it('gives per-field messages for invalid input, in Amharic when the request asks for it', async () => {
    const client = app.client();
    client.lang = 'am';
    const { status, data } = await client.post('/api/email/contact-us', { name: '', email: 'nope', message: 'hi' });
    assert.equal(status, 400);
    assert.equal(data.code, 'validation_failed');
    assert.deepEqual(Object.keys(data.fields).sort(), ['email', 'message', 'name']);
    assert.match(data.fields.email, /ኢሜይል/);
    assert.match(data.message, /መስኮች/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, data } = await app.client().get('/api/does-not-exist');
    assert.equal(status, 404);
    assert.equal(data.code, 'route_not_found');
  });

  it('sends the security headers on every answer, and the content security policy of the spec on documents', async () => {
    const api = await app.client().get('/api/categories');
    assert.equal(api.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(api.headers.get('content-security-policy'), null, 'JSON answers carry no document policy');
    assert.equal(api.headers.get('x-frame-options'), null);
    const { headers } = await app.client().get('/about');
    const csp = headers.get('content-security-policy') ?? '';
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /frame-ancestors 'self'/);
    // Nothing is configured here: the rails are the sandbox on this site, and there is no sign-in with Google, bot check or analytics.
    assert.doesNotMatch(csp, /stripe|paypal|chapa|google|gstatic|recaptcha/, csp);
    assert.equal(headers.get('permissions-policy'), 'camera=(), microphone=(), geolocation=(), payment=(self)');
    assert.match(csp, /connect-src 'self' http:\/\/localhost:8080;/, 'the configured PUBLIC_URL (the default here)');
    assert.match(csp, /style-src [^;]*'unsafe-inline'/);
    assert.doesNotMatch(csp, /script-src [^;]*'unsafe-inline'/);
    assert.equal(headers.get('x-content-type-options'), 'nosniff');
    assert.equal(headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.ok(headers.get('x-request-id'));
  });

  it('names in the policy the providers that are configured, and only those', async () => {
    const configured = await startTestApp({ ANALYTICS_ID: 'G-TEST', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    try {
      const { headers } = await configured.client().get('/about');
      const csp = headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src [^;]*https:\/\/www\.googletagmanager\.com/);
      assert.match(csp, /script-src [^;]*https:\/\/js\.stripe\.com/);
      assert.doesNotMatch(csp, /paypal|chapa|recaptcha|accounts\.google\.com/, csp);
      assert.equal(headers.get('permissions-policy'), 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")');
    } finally {
      await configured.close();
    }
  });

  it('names the configured origin in connect-src, and no other origin of the product', async () => {
    const csp = contentSecurityPolicy({ publicUrl: 'https://give.example.org', scriptHashes: [], thirdParties: allOn });
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    assert.ok(connect.includes('https://give.example.org'));
    assert.ok(!connect.some((source) => source.includes('localhost')), connect.join(' '));
  });

  it('lets images come from the CDN in front of the object store, when there is one, and from nowhere else new', () => {
    const imagesOf = (csp: string) => /img-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const withCdn = imagesOf(contentSecurityPolicy({ publicUrl: 'https://give.example.org', scriptHashes: [], thirdParties: allOn, mediaOrigin: 'https://media.example-cdn.net' }));
    assert.ok(withCdn.includes('https://media.example-cdn.net'));
    const without = imagesOf(contentSecurityPolicy({ publicUrl: 'https://give.example.org', scriptHashes: [], thirdParties: allOn }));
    assert.deepEqual(withCdn.filter((source) => !without.includes(source)), ['https://media.example-cdn.net']);
  });

  it('echoes a caller-supplied request id', async () => {
    const { headers } = await app.client().get('/api/categories', { 'X-Request-Id': 'trace-12345678' });
    assert.equal(headers.get('x-request-id'), 'trace-12345678');
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const { status, data } = await app.client().get('/api/openapi.json');
    assert.equal(status, 200);
    assert.equal(data.openapi, '3.1.0');
    assert.ok(data.paths['/api/categories'].get);
    assert.deepEqual(data.paths['/api/categories/{id}'].get.parameters.map((p: { name: string; in: string }) => [p.name, p.in]), [['id', 'path']]);
    const contact = data.paths['/api/email/contact-us'].post;
    assert.deepEqual(contact.requestBody.content['application/json'].schema.required.sort(), ['email', 'message', 'name']);
    assert.ok(contact.responses['201']);
  });
});

describe('error handler', () => {
  it('turns an unexpected error into a generic 500 with a request id and no stack or SQL', async () => {
    const logger = createLogger('silent');
    const koa = new Koa<AppState, AppContextExtras>();
    const fakeOrm = { em: { fork: () => ({}) } } as never;
    koa.use(requestContext(fakeOrm, logger));
    koa.use(errorHandler(createMessages([]), async () => false));
    koa.use(() => {
      throw new Error('select * from secret_table where password = 1');
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/api/anything`);
      const text = await response.text();
      assert.equal(response.status, 500);
      const body = JSON.parse(text);
      assert.equal(body.code, 'internal_error');
      assert.equal(body.requestId, response.headers.get('x-request-id'));
      assert.doesNotMatch(text, /secret_table|at .*\.ts/);
    } finally {
      server.close();
    }
  });
});
