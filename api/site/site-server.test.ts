import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync } from 'node:zlib';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import type { PageLocals } from '../../site/src/lib/page-data.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { inlineScriptHashes } from './site-builder.ts';
import { loadBuild, type SiteBuild } from './site-build.ts';

const themeScript = "document.documentElement.classList.toggle('dark', localStorage.getItem('theme') !== 'light')";

/** fetch() turns a conditional request into a no-cache one (as the Fetch standard says), so ask as a plain HTTP client would. */
function statusOf(url: string, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', reject),
  );
}

async function fakeBuild(): Promise<SiteBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'site-build-'));
  const clientDir = join(dir, 'client');
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="en"><head><script>${themeScript}</script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><h1>Home</h1>${'<p>padding</p>'.repeat(100)}</body></html>`,
    'about/index.html': '<!doctype html><html lang="en"><body><h1>About</h1></body></html>',
    'am/index.html': '<!doctype html><html lang="am"><body><h1>መነሻ</h1></body></html>',
    '404.html': '<!doctype html><html lang="en"><body><h1>Page not found</h1></body></html>',
    '500.html': '<!doctype html><html lang="en"><body><h1>Something went wrong</h1></body></html>',
    'am/404/index.html': '<!doctype html><html lang="am"><body><h1>ገጹ አልተገኘም</h1></body></html>',
    '_astro/app.abc123.js': 'console.log("app")',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(clientDir, name)), { recursive: true });
    writeFileSync(join(clientDir, name), content);
  }
  writeFileSync(join(clientDir, 'index.html.br'), brotliCompressSync(files['index.html']!));
  const info = { id: 'test', sourceHash: 'x', snapshotHash: 'y', scriptHashes: inlineScriptHashes(clientDir), builtAt: new Date().toISOString() };
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify(info));
  return (await loadBuild(dir))!;
}

describe('serving the site build', () => {
  let app: TestApp;
  let build: SiteBuild;
  before(async () => {
    build = await fakeBuild();
    app = await startTestApp({}, { build });
  });
  after(() => app.close());

  it('hashes inline scripts for the CSP, but not JSON-LD data blocks, and always allows Astro’s island scripts', () => {
    const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    assert.ok(build.info.scriptHashes.includes(hash(themeScript)));
    assert.ok(!build.info.scriptHashes.includes(hash('{"@type":"Organization"}')));
    // No page of this build has an island, yet a page made on demand may.
    assert.ok(build.info.scriptHashes.includes(hash(onlyDirective)));
    assert.equal(build.info.scriptHashes.length, 7, 'the theme script and the six island scripts');
  });

  it('serves pages with the build’s script hashes in the CSP and the anti-forgery cookie', async () => {
    const response = await fetch(`${app.url}/`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<h1>Home<\/h1>/);
    assert.ok(response.headers.get('content-security-policy')?.includes(`'${build.info.scriptHashes[0]}'`));
    assert.ok(response.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN=')));
    assert.equal(response.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  });

  it('serves the pre-compressed copy to a browser that accepts brotli', async () => {
    const response = await fetch(`${app.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(response.headers.get('content-encoding'), 'br');
    assert.equal(response.headers.get('vary'), 'Accept-Encoding');
    assert.match(await response.text(), /<h1>Home<\/h1>/);
  });

  it('serves folder pages with and without the trailing slash, and Amharic pages under /am', async () => {
    assert.match(await (await fetch(`${app.url}/about`)).text(), /About/);
    assert.match(await (await fetch(`${app.url}/about/`)).text(), /About/);
    assert.match(await (await fetch(`${app.url}/am`)).text(), /መነሻ/);
  });

  it('keeps hashed assets for a year, with no cookie and no document headers', async () => {
    const response = await fetch(`${app.url}/_astro/app.abc123.js`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(response.headers.getSetCookie().length, 0);
    assert.equal(response.headers.get('content-security-policy'), null, 'the document policy is for pages only');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  it('answers 304 to a revalidation by ETag', async () => {
    const first = await fetch(`${app.url}/about/`);
    const etag = first.headers.get('etag')!;
    assert.ok(etag);
    assert.equal(await statusOf(`${app.url}/about`, { 'If-None-Match': etag }), 304);
  });

  it('answers 304 to a revalidation of an unchanged page', async () => {
    const first = await fetch(`${app.url}/about`);
    const lastModified = first.headers.get('last-modified')!;
    assert.equal(await statusOf(`${app.url}/about`, { 'If-Modified-Since': lastModified }), 304);
  });

  it('shows the not-found page with a 404 status, in Amharic under /am', async () => {
    const english = await fetch(`${app.url}/no-such-page`, { headers: { Accept: 'text/html' } });
    assert.equal(english.status, 404);
    assert.match(await english.text(), /Page not found/);
    const amharic = await fetch(`${app.url}/am/no-such-page`, { headers: { Accept: 'text/html' } });
    assert.equal(amharic.status, 404);
    assert.match(await amharic.text(), /ገጹ አልተገኘም/);
  });

  it('refuses path traversal out of the build folder', async () => {
    const response = await fetch(`${app.url}/..%2f..%2fpackage.json`, { headers: { Accept: 'text/html' } });
    assert.ok([400, 403, 404].includes(response.status), `status ${response.status}`);
    assert.doesNotMatch(await response.text(), /"dependencies"/);
  });
});

/**
 * A stand-in for Astro's handler: renders wait until the test lets them go, then make a
 * page in promise callbacks alone, as a render whose data SQLite answers at once does.
 */
function heldRenderer() {
  let gate = Promise.withResolvers<void>();
  const state = { rendered: 0, started: 0 };
  const handler: NonNullable<SiteBuild['handler']> = async (_req, res, _next, locals) => {
    state.started += 1;
    await gate.promise;
    let text = '';
    for (let i = 0; i < 200; i += 1) text = `${await Promise.resolve(text.length)}`;
    const response = await (locals as PageLocals).deliver(new Response(`<!doctype html><p>made ${text}</p>`, { headers: { 'content-type': 'text/html; charset=utf-8' } }), { setsCookies: false });
    state.rendered += 1;
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
  return {
    state,
    handler,
    /** Lets every render waiting, and every one to come, go on. */
    release: () => gate.resolve(),
    hold: () => (gate = Promise.withResolvers<void>()),
  };
}

describe('rendering pages on demand under load', () => {
  let app: TestApp;
  const renderer = heldRenderer();
  before(async () => {
    const build = await fakeBuild();
    app = await startTestApp({ SITE_RENDERS: '1' }, { build: { ...build, handler: renderer.handler } });
  });
  after(() => app.close());

  const page = (path: string) => fetch(app.url + path, { headers: { Accept: 'text/html' } });

  it('turns away with 503, Retry-After and the error page those beyond the line, while files and API calls are answered', async () => {
    renderer.hold();
    // One render at a time, and a line of 50 (SITE_RENDERS=1): of 60 at once, 9 are turned away.
    const answers = Array.from({ length: 60 }, (_, i) => page(`/made/${i}`));
    const turnedAway: Response[] = [];
    await new Promise<void>((resolve) => {
      for (const answer of answers)
        void answer.then((response) => {
          if (response.status !== 503) return;
          turnedAway.push(response);
          if (turnedAway.length === 9) resolve();
        });
    });
    for (const response of turnedAway) {
      assert.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.match(await response.text(), /Something went wrong/, 'the error page');
    }
    assert.equal(renderer.state.started, 1, 'the others wait for the one render slot');
    assert.equal((await page('/about')).status, 200, 'a file is sent meanwhile');
    assert.equal((await fetch(`${app.url}/api/fundraisers?page=0&size=1`)).status, 200, 'an API call is answered meanwhile');
    renderer.release();
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status));
    assert.deepEqual(statuses.filter((status) => status === 200).length, 51);
  });

  it('answers a file and an API call between renders waiting their turn, not after all of them', async () => {
    renderer.hold();
    const queued = 20;
    const before = renderer.state.rendered;
    const answers = Array.from({ length: queued + 1 }, (_, i) => page(`/waiting/${i}`));
    // The keep-alive connections the two other visitors will use are open before the renders go.
    await page('/about');
    await fetch(`${app.url}/api/fundraisers?page=0&size=1`);
    while (renderer.state.started - before < 1) await new Promise((resolve) => setImmediate(resolve));
    renderer.release();
    const renderedBy = async (answer: Promise<Response>) => {
      assert.equal((await answer).status, 200);
      return renderer.state.rendered - before;
    };
    const [file, api] = await Promise.all([renderedBy(page('/about')), renderedBy(fetch(`${app.url}/api/fundraisers?page=0&size=1`))]);
    assert.ok(file < queued && api < queued, `answered after ${file} and ${api} of ${queued + 1} renders`);
    await Promise.all(answers);
  });
});

