import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeResponse } from 'astro/app/node';
import { loadBuild, type SiteBuild } from '../../api/site/index.ts';
import { kernelMessages } from '../../kernel/http/index.ts';
import type { PageLocals } from '../../site/src/lib/page-data.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

interface Answer {
  status: number | undefined;
  reason: string | undefined;
  body: string;
}

/** The status line as sent (fetch() does not show the reason phrase). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) =>
    request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, reason: res.statusMessage, body }));
    })
      .on('error', reject)
      .end(),
  );
}

/**
 * A build whose on-demand pages answer as Astro answers a fundraiser that is not there: 404,
 * with the "OK" Astro gives every page's status text, written by Astro's own writer.
 */
async function buildWithMissingPages(dir: string, rendered: string[]): Promise<SiteBuild> {
  mkdirSync(join(dir, 'client'), { recursive: true });
  writeFileSync(join(dir, 'client', '404.html'), '<!doctype html><html lang="en"><body><h1>Page not found</h1></body></html>');
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ id: 'bad-paths', sourceHash: 'x', snapshotHash: 'y', scriptHashes: [], builtAt: new Date().toISOString() }));
  const build = (await loadBuild(dir))!;
  return {
    ...build,
    handler: async (req, res, _next, locals) => {
      rendered.push(req.url ?? '');
      const page = new Response('<!doctype html><h1>No such fundraiser</h1>', { status: 404, statusText: 'OK', headers: { 'Content-Type': 'text/html' } });
      await writeResponse(await (locals as PageLocals).deliver(page, { setsCookies: false }), res);
    },
  };
}

describe('paths that name nothing', () => {
  let app: TestApp;
  let dir: string;
  const rendered: string[] = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bad-paths-'));
    app = await startTestApp({}, { build: await buildWithMissingPages(dir, rendered) });
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an API path with broken percent-encoding with 400 and the error shape, in both languages', async () => {
    for (const lang of ['en', 'am'] as const) {
      const answer = await get(`${app.url}/api/fundraisers/%E0%A4%A`, { 'Accept-Language': lang });
      assert.equal(answer.status, 400);
      assert.equal(answer.reason, 'Bad Request');
      const body = JSON.parse(answer.body) as { status: number; code: string; message: string; requestId: string };
      assert.equal(body.status, 400);
      assert.equal(body.code, 'bad_path');
      assert.equal(body.message, kernelMessages[lang].bad_path);
      assert.ok(body.requestId);
    }
  });

  it('answers a page path with broken percent-encoding with the not-found page, "404 Not Found", without rendering it', async () => {
    const answer = await get(`${app.url}/fundraiser/%E0%A4%A`, { Accept: 'text/html' });
    assert.equal(answer.status, 404);
    assert.equal(answer.reason, 'Not Found');
    assert.match(answer.body, /Page not found/);
    assert.deepEqual(rendered, [], 'never handed to the page renderer');
  });

  it('sends a page rendered with 404 with the reason phrase of 404, not Astro’s "OK"', async () => {
    const answer = await get(`${app.url}/fundraiser/999999`, { Accept: 'text/html' });
    assert.deepEqual(rendered, ['/fundraiser/999999']);
    assert.equal(answer.status, 404);
    assert.equal(answer.reason, 'Not Found');
    assert.match(answer.body, /No such fundraiser/);
  });
});
