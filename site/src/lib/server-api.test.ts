import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { ApiUnavailable, serverGet } from './server-api.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const context = {
  request: new Request('http://localhost/fundraiser/7', { headers: { cookie: 'sid=abc' } }),
  locals: { apiBase: 'http://127.0.0.1:8080' },
};

test('serverGet: answers the data, or the status of a refusal, passing on the language and cookie', async () => {
  let asked: Request | undefined;
  globalThis.fetch = async (input, init) => {
    asked = new Request(input, init);
    return Response.json({ id: 7 });
  };
  assert.deepEqual(await serverGet(context, '/api/fundraisers/7', 'am'), { ok: true, data: { id: 7 } });
  assert.equal(asked?.url, 'http://127.0.0.1:8080/api/fundraisers/7');
  assert.equal(asked?.headers.get('accept-language'), 'am');
  assert.equal(asked?.headers.get('cookie'), 'sid=abc');

  globalThis.fetch = async () => Response.json({ code: 'fundraiser_not_found' }, { status: 404 });
  assert.deepEqual(await serverGet(context, '/api/fundraisers/7', 'en'), { ok: false, status: 404 });
});

test('serverGet: an API that cannot be reached, times out or says 503 is ApiUnavailable, not an ordinary error', async () => {
  const failures: (() => Promise<Response>)[] = [
    async () => {
      throw new TypeError('fetch failed');
    },
    async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    },
    async () => new Response('busy', { status: 503, headers: { 'Retry-After': '5' } }),
    // The answer starts, then its body is cut off.
    async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":'));
            controller.error(new TypeError('terminated'));
          },
        }),
      ),
  ];
  for (const failure of failures) {
    globalThis.fetch = failure;
    await assert.rejects(serverGet(context, '/api/fundraisers/7', 'en'), ApiUnavailable);
  }
});

test('serverGet: a malformed answer is a defect, not unavailability', async () => {
  globalThis.fetch = async () => new Response('{not json', { status: 200 });
  await assert.rejects(serverGet(context, '/api/fundraisers/7', 'en'), (error) => error instanceof SyntaxError);
});
