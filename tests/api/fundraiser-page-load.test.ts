import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../api/logger.ts';
import { buildSiteIfStale, buildSourceHash, loadCurrentBuild, type SiteBuild } from '../../api/site/index.ts';
import { fakeUser } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Mode = 'pass' | 'hold' | 'drop' | 'refuse';

/**
 * Stands in for the app's own /api as the pages it renders reach it (INTERNAL_API_URL): it
 * passes calls on to the app, or, on cue, holds them, drops the connection, or answers 503,
 * as an app too busy to answer its own pages would.
 */
async function loopbackStandIn() {
  let mode: Mode = 'pass';
  let target = '';
  let held: (() => void)[] = [];
  let calls = 0;
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    calls += 1;
    if (mode === 'drop') return void req.socket.destroy();
    if (mode === 'refuse') return void res.writeHead(503, { 'Retry-After': '1' }).end();
    if (mode === 'hold') await new Promise<void>((resolve) => held.push(resolve));
    const answer = await fetch(target + req.url, { headers: { Accept: 'application/json', 'Accept-Language': req.headers['accept-language'] ?? 'en' } });
    res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
  // A stand-in that fails must fail the request it serves, not the test process.
  const server: Server = createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwardTo(url: string) {
      target = url;
    },
    set(next: Mode) {
      mode = next;
      if (next !== 'hold') for (const release of held.splice(0)) release();
    },
    calls: () => calls,
    close() {
      held = [];
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Pages rendered on demand read the API, not the snapshot: any build of these sources serves them. */
async function buildOfTheseSources(app: TestApp): Promise<SiteBuild | null> {
  const current = await loadCurrentBuild();
  if (current?.handler && current.info.sourceHash === buildSourceHash(app.config)) return current;
  await buildSiteIfStale(app.orm.em.fork(), app.config, createLogger('silent'));
  return loadCurrentBuild();
}

const page = (url: string) => fetch(url, { headers: { Accept: 'text/html' } });

describe('the fundraiser page when the app is busy', () => {
  let app: TestApp;
  let api: Awaited<ReturnType<typeof loopbackStandIn>>;
  let path: string;
  before(async () => {
    api = await loopbackStandIn();
    app = await startTestApp({ SITE_RENDERS: '1', INTERNAL_API_URL: api.url });
    api.forwardTo(app.url);
    app.site.current = await buildOfTheseSources(app);
    const f = await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { title: 'Load marker 5e1c: a clinic roof in Dessie' });
    path = `/fundraiser/${f.id}`;
  });
  after(async () => {
    api.close();
    await app.close();
  });

  it('renders the page when the API answers', async () => {
    api.set('pass');
    const response = await page(app.url + path);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /Load marker 5e1c/);
  });

  it('answers 503 with Retry-After and the error page in the visitor’s language when the API call fails, never 500', async () => {
    for (const mode of ['drop', 'refuse'] as const) {
      api.set(mode);
      for (const [url, lang] of [[app.url + path, 'en'], [`${app.url}/am${path}`, 'am']] as const) {
        const response = await page(url);
        assert.equal(response.status, 503, `${mode} ${url}`);
        assert.ok(Number(response.headers.get('retry-after')) > 0, `${mode} ${url}: Retry-After`);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        const html = await response.text();
        assert.match(html, new RegExp(`<html lang="${lang}"`), `${mode} ${url}: the error page in ${lang}`);
        assert.match(html, /<\/html>\s*$/);
      }
    }
  });

  it('gives up on an API call that never answers with 503, not 500', async () => {
    api.set('hold');
    try {
      const response = await page(app.url + path);
      assert.equal(response.status, 503);
      assert.ok(Number(response.headers.get('retry-after')) > 0);
    } finally {
      api.set('pass');
    }
  });

  it('renders one page at a time (SITE_RENDERS=1); the others wait their turn or are told to retry, never 500', async () => {
    api.set('hold');
    const callsBefore = api.calls();
    const answers = Array.from({ length: 24 }, () =>
      page(app.url + path).then(async (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), html: await response.text() })),
    );
    // While the page being rendered waits for its API calls, the line fills and the rest are turned away at once.
    const first = await Promise.race(answers);
    assert.equal(first.status, 503);
    assert.ok(Number(first.retryAfter) > 0);
    assert.match(first.html, /<\/html>\s*$/, 'the error page');
    assert.ok(api.calls() - callsBefore <= 3, `only one page's API calls were made (${api.calls() - callsBefore})`);

    api.set('pass');
    const all = await Promise.all(answers);
    assert.deepEqual(all.filter((a) => a.status !== 200 && a.status !== 503).map((a) => a.status), [], 'every answer was a page or a 503');
    assert.ok(all.filter((a) => a.status === 503).every((a) => Number(a.retryAfter) > 0), 'every 503 says when to retry');
    assert.ok(all.filter((a) => a.status === 200).every((a) => /Load marker 5e1c/.test(a.html)), 'every 200 is the whole page');
    assert.ok(all.some((a) => a.status === 200), 'the page in progress was finished');
  });
});
