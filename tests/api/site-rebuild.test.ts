import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { rebuildSiteIfDataChanged } from '../../api/jobs.ts';
import { createLogger } from '../../api/logger.ts';
import { buildSiteIfStale, buildSourceHash, loadCurrentBuild } from '../../api/site/index.ts';
import { addTestimonial } from '../../modules/testimonials/index.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const logger = createLogger('silent');

describe('static rebuild from data', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
    await buildSiteIfStale(app.orm.em.fork(), app.config, logger);
    app.site.current = await loadCurrentBuild();
  });
  after(() => app.close());

  it('does nothing when neither data nor sources changed', async () => {
    const before = app.site.current?.info.id;
    const result = await buildSiteIfStale(app.orm.em.fork(), app.config, logger);
    assert.equal(result.built, false);
    assert.equal(result.info.id, before);
  });

  it('builds for production whatever NODE_ENV the app runs with (the tests run it with test)', () => {
    const assets = join(app.site.current!.clientDir, '_astro');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    assert.ok(scripts.length > 0);
    for (const name of scripts) assert.doesNotMatch(readFileSync(join(assets, name), 'utf8'), /React DevTools|react-dom\.development/, name);
  });

  it('counts the settings that shape pages as sources, but not the public address', () => {
    const plain = buildSourceHash({ PUBLIC_URL: 'http://localhost:8080' });
    assert.equal(buildSourceHash({ PUBLIC_URL: 'http://localhost:8181' }), plain);
    assert.notEqual(buildSourceHash({ PUBLIC_URL: 'http://localhost:8080', RECAPTCHA_SITE_KEY: 'site-key' }), plain);
    assert.notEqual(buildSourceHash({ PUBLIC_URL: 'http://localhost:8080', GOOGLE_CLIENT_ID: 'client' }), plain);
    assert.notEqual(buildSourceHash({ PUBLIC_URL: 'http://localhost:8080', ANALYTICS_ID: 'G-1' }), plain);
  });

  it('rebuilds when the data shown on pages changes, switching builds with no failed or partial response', async () => {
    const before = app.site.current!.info.id;
    await addTestimonial(app.orm.em.fork(), {
      name: 'Yonas Girma',
      nameAm: 'ዮናስ ግርማ',
      role: 'Raised school fees for his sister',
      roleAm: 'ለእህቱ የትምህርት ቤት ክፍያ አሰባሰበ',
      quote: 'Rebuild marker 7f3a: within a week her fees for the whole year were paid.',
      quoteAm: 'በአንድ ሳምንት ውስጥ የዓመቱ ክፍያዋ ተከፈለ።',
      city: 'Jimma',
      cityAm: 'ጅማ',
    });

    // Visitors keep asking for the home page while the new build is made and switched in.
    let polling = true;
    const answers: { status: number; complete: boolean }[] = [];
    const poll = (async () => {
      while (polling) {
        const response = await fetch(`${app.url}/`);
        const html = await response.text();
        answers.push({ status: response.status, complete: html.includes('</html>') });
      }
    })();
    await rebuildSiteIfDataChanged(app.orm, app.config, app.site, logger);
    polling = false;
    await poll;

    assert.notEqual(app.site.current!.info.id, before, 'a new build is current');
    assert.ok(answers.length > 0);
    assert.deepEqual(answers.filter((a) => a.status !== 200 || !a.complete), [], 'every answer during the rebuild was a whole page');
    const html = await (await fetch(`${app.url}/`)).text();
    assert.match(html, /Rebuild marker 7f3a/);
    const amharic = await (await fetch(`${app.url}/am`)).text();
    assert.match(amharic, /ዮናስ ግርማ/);
  });
});
