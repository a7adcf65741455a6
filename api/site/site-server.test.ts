import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync } from 'node:zlib';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
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
    app = await startTestApp({}, { site: { current: build } });
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
