import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { captchaQuery, getCaptchaToken } from './captcha.ts';

/** Just enough of a document for the helper to add the provider's script. */
function fakeDocument() {
  const added: { src: string }[] = [];
  return {
    added,
    document: {
      querySelector: (selector: string) => (selector === 'script[data-recaptcha]' && added.length ? added[0] : null),
      createElement: () => ({ dataset: {} as Record<string, string>, src: '', async: false }),
      head: { appendChild: (element: { src: string }) => added.push(element) },
    },
  };
}

describe('bot-check token helper', () => {
  let errors: unknown[][];
  let fake: ReturnType<typeof fakeDocument>;

  beforeEach(() => {
    fake = fakeDocument();
    Object.defineProperty(globalThis, 'document', { value: fake.document, configurable: true });
    Object.defineProperty(globalThis, 'window', { value: {}, configurable: true, writable: true });
    errors = [];
    mock.method(console, 'error', (...args: unknown[]) => errors.push(args));
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => {
    mock.timers.reset();
    mock.restoreAll();
    Reflect.deleteProperty(globalThis, 'document');
    Reflect.deleteProperty(globalThis, 'window');
  });

  /** Lets the helper's awaits and timers run, `ms` of fake time at a time. */
  async function advance(ms: number, steps: number) {
    for (let i = 0; i < steps; i++) {
      await Promise.resolve();
      await Promise.resolve();
      mock.timers.tick(ms);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  it('answers an empty token at once when no site key is configured', async () => {
    assert.equal(await getCaptchaToken('register', null), '');
    assert.equal(fake.added.length, 0, 'no script is loaded');
  });

  it('waits for the provider, then asks for a token for the action', async () => {
    const actions: string[] = [];
    const token = getCaptchaToken('register', 'site-key');
    assert.match(fake.added[0]!.src, /^https:\/\/www\.google\.com\/recaptcha\/api\.js\?render=site-key$/);
    await advance(100, 3);
    (globalThis.window as Window).grecaptcha = {
      ready: (callback) => callback(),
      execute: async (key, { action }) => {
        actions.push(`${key}:${action}`);
        return 'token-1';
      },
    };
    await advance(100, 10);
    assert.equal(await token, 'token-1');
    assert.deepEqual(actions, ['site-key:register']);
    assert.deepEqual(errors, []);
  });

  it('defaults the action to submit', async () => {
    (globalThis.window as Window).grecaptcha = { ready: (callback) => callback(), execute: async (_key, { action }) => action };
    const token = getCaptchaToken(undefined, 'site-key');
    await advance(100, 10);
    assert.equal(await token, 'submit');
  });

  it('gives up after 50 polls, 100 ms apart, and logs that it failed to initialize', async () => {
    const token = getCaptchaToken('submit', 'site-key');
    await advance(100, 49);
    let settled = false;
    void token.then(() => (settled = true));
    await Promise.resolve();
    assert.equal(settled, false, 'still waiting after 4.9 s');
    await advance(100, 3);
    assert.equal(await token, null);
    assert.deepEqual(errors, [['reCAPTCHA failed to initialize']]);
  });

  it('logs an empty token and yields null', async () => {
    (globalThis.window as Window).grecaptcha = { ready: (callback) => callback(), execute: async () => '' };
    const token = getCaptchaToken('submit', 'site-key');
    await advance(100, 10);
    assert.equal(await token, null);
    assert.deepEqual(errors, [['Failed to generate reCAPTCHA token']]);
  });

  it('puts the token, or nothing, in the query', () => {
    assert.equal(captchaQuery('a b'), 'captchaToken=a%20b');
    assert.equal(captchaQuery(null), 'captchaToken=');
  });
});
