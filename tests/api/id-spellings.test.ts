import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fundraiserKeys } from '../../modules/fundraisers/index.ts';
import { fakeUser } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { buildOfTheseSources, fundraiserReads, page, statementsDuring } from '../helpers/site-pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Numbers that are the fundraiser's id in another spelling. */
function spellingsOf(id: number): string[] {
  return [`0${id}`, `00${id}`, `+${id}`, `${id}.0`, `${id}.`, `0x${id.toString(16)}`, `0b${id.toString(2)}`, `0o${id.toString(8)}`, `${id}e0`, `%20${id}`, `${id}%20`];
}

describe('one address per fundraiser', () => {
  let app: TestApp;
  let id: number;

  before(async () => {
    app = await startTestApp();
    app.site.current = await buildOfTheseSources(app);
    const organiser = await fakeUser(app.orm);
    id = (await fakeFundraiser(app.orm, organiser.user, { title: 'Address marker 6b0e: school books in Gondar' })).id;
  });
  after(() => app.close());

  it('answers the API for an id in decimal alone: any other spelling of it is not found', async () => {
    assert.equal((await fetch(`${app.url}/api/fundraisers/${id}`)).status, 200);
    for (const spelling of spellingsOf(id)) {
      for (const path of [`/api/fundraisers/${spelling}`, `/api/comments/${spelling}`, `/api/teams/fundraiser/${spelling}`, `/api/fundraisers/${spelling}/updates`]) {
        const answer = await fetch(app.url + path, { headers: { Accept: 'application/json' } });
        assert.equal(answer.status, 404, path);
        assert.equal(((await answer.json()) as { code: string }).code, 'not_found', path);
      }
    }
  });

  it('keeps the API’s answer under its one path: query strings share it, and made-up spellings cannot push it out', async () => {
    const kept = `${app.url}/api/fundraisers/${id}`;
    await fetch(kept);
    for (let zeros = 1; zeros <= 1_000; zeros += 1) assert.equal((await fetch(`${app.url}/api/fundraisers/${'0'.repeat(zeros)}${id}`)).status, 404);
    const reads = await statementsDuring(app.orm, async () => {
      for (const query of ['', '?fbclid=IwAR0abc', '?utm_source=telegram&utm_medium=social']) assert.equal((await fetch(kept + query)).status, 200, query);
    });
    assert.deepEqual(reads, [], 'all three the kept answer');
  });

  it('answers a page’s other spellings with a redirect to its address, or not found for another spelling of its id', async () => {
    const address = `/fundraiser/${id}`;
    for (const path of [`/${address}`, `${address}/`, `/%66undraiser/${id}`, `/en${address}`]) {
      const answer = await page(app.url + path + '?s=telegram');
      assert.equal(answer.status, 301, path);
      assert.equal(answer.headers.get('location'), `${address}?s=telegram`, path);
    }
    const notFound = await statementsDuring(app.orm, async () => {
      for (const spelling of spellingsOf(id)) {
        for (const path of [`/fundraiser/${spelling}`, `/am/fundraiser/${spelling}`, `/donate/${spelling}`, `/fundraiser/${spelling}/updates`]) {
          const answer = await page(app.url + path);
          assert.equal(answer.status, 404, path);
          assert.match(await answer.text(), /<html lang="(en|am)"/, `${path}: the not-found page`);
        }
      }
    });
    assert.equal(fundraiserReads(notFound), 0, 'nothing read for them');
  });

  it('keeps one page whatever query visitors bring that it does not read, made from its address alone', async () => {
    app.feed.bump([fundraiserKeys.one(id)]);
    const first = await (await page(`${app.url}/fundraiser/${id}?fbclid=Poison7e1d&query=x&page=3&problem=y`)).text();
    assert.match(first, /Address marker 6b0e/);
    assert.doesNotMatch(first, /Poison7e1d/, 'the page is made from its address, without what it does not read');
    const reads = await statementsDuring(app.orm, async () => {
      for (const query of ['', '?utm_source=telegram', '?updatesPage=0', '?updatesPage=abc', '?sort=nonsense&categoryId=1']) {
        const html = await (await page(`${app.url}/fundraiser/${id}${query}`)).text();
        assert.doesNotMatch(html, /Poison7e1d/, query);
      }
    });
    assert.equal(fundraiserReads(reads), 0, 'all of them the kept page');

    await page(`${app.url}/fundraiser/${id}?updatesPage=1`);
    const samePage = await statementsDuring(app.orm, async () => {
      for (const spelling of ['01', '001', '1&updatesPage=7']) assert.equal((await page(`${app.url}/fundraiser/${id}?updatesPage=${spelling}`)).status, 200);
    });
    assert.equal(fundraiserReads(samePage), 0, 'page 1 of updates, however spelled');
  });
});
