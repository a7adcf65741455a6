import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MikroORM } from '@mikro-orm/core';
import { DonationSchema, settleDonation } from '../../modules/donations/index.ts';
import { FundraiserSchema, FundraiserUpdateSchema, fundraiserKeys } from '../../modules/fundraisers/index.ts';
import { PayoutSchema } from '../../modules/payouts/index.ts';
import { fakeUser, signIn, type FakeUser } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { buildOfTheseSources, statementsDuring } from '../helpers/site-pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const page = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { Accept: 'text/html', ...headers } });

async function succeededDonation(orm: MikroORM, fundraiserId: number, amountMinor: number, donorName: string): Promise<void> {
  const em = orm.em.fork();
  const donation = em.create(DonationSchema, {
    fundraiser: fundraiserId,
    amountMinor,
    currency: 'USD',
    donorName,
    donorEmail: 'donor@example.com',
    message: null,
    status: 'PENDING',
    paymentMethod: 'STRIPE',
    language: 'en',
  });
  await em.flush();
  // Inside an outer transaction, as a provider's webhook settles it (modules/payments).
  await orm.em.fork().transactional((tx) => settleDonation(tx, donation.id, 'SUCCEEDED'));
}

describe('pages made on demand', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let id: number;
  let path: string;
  /** Drops what is kept of the fundraiser's pages, so that the next request renders them (query strings do not: see below). */
  const fresh = (id: number) => {
    app.feed.bump([fundraiserKeys.one(id)]);
    return '';
  };
  before(async () => {
    app = await startTestApp({ SITE_RENDERS: '2' });
    app.site.current = await buildOfTheseSources(app);
    organiser = await fakeUser(app.orm, { firstName: 'Tigist', lastName: 'Haile' });
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'Page marker 5e1c: a clinic roof in Dessie', goalMinor: 1_000_000 });
    id = f.id;
    path = `/fundraiser/${id}`;
    const em = app.orm.em.fork();
    em.create(FundraiserUpdateSchema, { fundraiser: id, author: organiser.user.id, content: 'Update marker 77a0: the tin has been bought.' });
    await em.flush();
  });
  after(() => app.close());

  // One for the fundraiser, its photos, and each section: updates, donations, words of support, teams, what was withdrawn.
  it('reads a fundraiser page in at most 7 statements, the fundraiser row once, with no request to itself', async () => {
    let html = '';
    const statements = await statementsDuring(app.orm, async () => {
      const response = await page(app.url + path + fresh(id));
      assert.equal(response.status, 200);
      html = await response.text();
    });
    assert.match(html, /Page marker 5e1c/);
    assert.match(html, /Update marker 77a0/);
    assert.ok(statements.length <= 7, `${statements.length} statements:\n${statements.join('\n')}`);
    assert.equal(statements.filter((sql) => /from `fundraiser`/.test(sql)).length, 1, statements.join('\n'));
  });

  it('shows a settled donation, an edit, an update and a suspension at the very next request', async () => {
    const first = await (await page(app.url + path)).text();
    assert.match(first, /Page marker 5e1c/);
    // Kept: the same page again costs no statement at all.
    assert.deepEqual(await statementsDuring(app.orm, () => page(app.url + path).then((r) => r.text())), []);

    await succeededDonation(app.orm, id, 12_345, 'Donor marker 3b9f');
    const afterGift = await (await page(app.url + path)).text();
    assert.match(afterGift, /\$123\.45/);
    assert.match(afterGift, /Donor marker 3b9f/);

    const em = app.orm.em.fork();
    const f = await em.findOneOrFail(FundraiserSchema, { id });
    f.title = 'Page marker 9c2d: a clinic roof in Dessie, now with gutters';
    await em.flush();
    assert.match(await (await page(app.url + path)).text(), /Page marker 9c2d/);

    em.create(FundraiserUpdateSchema, { fundraiser: id, author: organiser.user.id, content: 'Update marker 41e6: the roof is on.' });
    await em.flush();
    assert.match(await (await page(app.url + path)).text(), /Update marker 41e6/);

    f.status = 'SUSPENDED';
    await em.flush();
    assert.equal((await page(app.url + path)).status, 404);
    f.status = 'ACTIVE';
    await em.flush();
    assert.equal((await page(app.url + path)).status, 200);
  });

  it('keeps nothing a change rolled back: the page stays as it was', async () => {
    const before = await (await page(app.url + path)).text();
    await assert.rejects(
      app.orm.em.fork().transactional(async (tx) => {
        const f = await tx.findOneOrFail(FundraiserSchema, { id });
        f.title = 'Page marker never: rolled back';
        await tx.flush();
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    const again = await statementsDuring(app.orm, async () => assert.equal(await (await page(app.url + path)).text(), before));
    assert.deepEqual(again, [], 'still the kept page');
  });

  it('never writes an invitation’s token into the teams page, in either language', async () => {
    const token = 'Secret0invitation0token0XYZ';
    for (const prefix of ['', '/am']) {
      const response = await page(`${app.url}${prefix}/fundraiser/${id}/team?invitation=${token}&join=2`);
      assert.equal(response.status, 200, 'shown without a session, for the invitation');
      const html = await response.text();
      assert.ok(!html.includes(token), `${prefix || '/'}: the token is in the HTML`);
      assert.match(html, /\?join=2"/, 'other parameters still go with the language switch');
    }
  });

  it("says what was withdrawn beside the total, and lists each payout on the fundraiser's ledger by the account's last four digits", async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { title: 'Ledger marker 91c2', currency: 'ETB', goalMinor: 10_000_000 });
    const before = await (await page(`${app.url}/fundraiser/${f.id}`)).text();
    assert.doesNotMatch(before, /withdrawn to the beneficiary/);
    const now = new Date();
    // Written as a payout Chapa paid leaves it (modules/payouts).
    await app.orm.em.fork().insert(PayoutSchema, {
      fundraiser: f.id,
      currency: 'ETB',
      amountMinor: 1_234_500,
      status: 'PAID',
      requestedBy: organiser.user.id,
      reference: 'po-page-test',
      bankCode: '946',
      bankName: 'Commercial Bank of Ethiopia',
      accountNumber: '1000123456789',
      accountName: 'Tigist Haile',
      createdAt: now,
      updatedAt: now,
      approvedAt: now,
      sentAt: now,
      settledAt: now,
    });
    const shown = await (await page(`${app.url}/fundraiser/${f.id}${fresh(f.id)}`)).text();
    assert.match(shown, /12,345 withdrawn to the beneficiary/);
    assert.match(shown, new RegExp(`href="/fundraiser/${f.id}/ledger"`));
    const ledger = await page(`${app.url}/fundraiser/${f.id}/ledger`);
    assert.equal(ledger.status, 200);
    const html = await ledger.text();
    assert.match(html, /Where the money went/);
    assert.match(html, /Commercial Bank of Ethiopia ··6789/);
    assert.doesNotMatch(html, /1000123456789/);
    const amharic = await (await page(`${app.url}/am/fundraiser/${f.id}/ledger`)).text();
    assert.match(amharic, /ገንዘቡ የት እንደዋለ/);
    // Dated in the Ethiopian calendar (its year is seven or eight behind the Gregorian), never the Gregorian year.
    assert.match(amharic, /<time[^>]*>[^<]*201[89][^<]*<\/time>/);
    assert.doesNotMatch(amharic, /<time[^>]*>[^<]*202\d[^<]*<\/time>/);
    assert.equal((await page(`${app.url}/fundraiser/999999/ledger`)).status, 404);
  });

  it('makes a page that just changed once for a burst of visitors, not once each', async () => {
    await succeededDonation(app.orm, id, 100, 'Donor marker burst');
    const statements = await statementsDuring(app.orm, async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, () => page(app.url + path).then(async (r) => ({ status: r.status, html: await r.text() }))));
      assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
      assert.ok(answers.every((a) => /Donor marker burst/.test(a.html)));
    });
    assert.ok(statements.length <= 7, `${statements.length} statements for 30 visitors`);
  });

  it('keeps one page for a shared link whatever tracking parameters visitors bring, and one per page of updates', async () => {
    await page(app.url + path + fresh(id));
    const tracked = await statementsDuring(app.orm, async () => {
      for (const query of ['?fbclid=IwAR0abc', '?utm_source=telegram&utm_medium=social', '?s=telegram&fbclid=x']) assert.equal((await page(app.url + path + query)).status, 200);
    });
    assert.deepEqual(tracked, [], 'all three were the kept page');
    const older = await statementsDuring(app.orm, () => page(`${app.url}${path}?updatesPage=1`).then((r) => r.text()));
    assert.ok(older.length > 0, 'another page of updates is another page');
  });

  it('gives the signed-in organiser their controls while visitors get the kept page without them', async () => {
    const anonymous = await (await page(app.url + path)).text();
    assert.doesNotMatch(anonymous, /id="owner-panel"/);
    const client = app.client();
    await signIn(client, organiser);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const own = await (await page(app.url + path, { Cookie: cookie })).text();
    assert.match(own, /id="owner-panel"/);
    assert.doesNotMatch(await (await page(app.url + path)).text(), /id="owner-panel"/, 'the organiser’s page was not kept for others');
  });

  it('keeps GET /api/fundraisers/{id} for visitors without a session until the fundraiser changes', async () => {
    const api = `${app.url}/api/fundraisers/${id}`;
    const read = async (headers: Record<string, string> = {}) => {
      const response = await fetch(api, { headers: { Accept: 'application/json', ...headers } });
      return { status: response.status, body: response.status === 200 ? ((await response.json()) as { raisedAmount: string; viewerCanManage: boolean }) : null };
    };
    const first = await read();
    assert.equal(first.status, 200);
    assert.deepEqual(await statementsDuring(app.orm, () => read()), [], 'kept');
    await succeededDonation(app.orm, id, 1_000, 'Donor marker api');
    const after = await read();
    const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);
    assert.equal(cents(after.body?.raisedAmount) - cents(first.body?.raisedAmount), 1_000, 'the donation at the very next request');

    const client = app.client();
    await signIn(client, organiser);
    const own = await client.get(`/api/fundraisers/${id}`);
    assert.equal(own.data.viewerCanManage, true, 'a signed-in organiser is never given the kept copy');
    assert.equal((await read()).body?.viewerCanManage, false);
  });

  it('compresses pages for browsers that take brotli, and says it varies', async () => {
    const response = await fetch(app.url + path + fresh(id), { headers: { Accept: 'text/html', 'Accept-Encoding': 'br' } });
    assert.equal(response.headers.get('content-encoding'), 'br');
    assert.match(response.headers.get('vary') ?? '', /Accept-Encoding/i);
    // fetch decodes it, as a browser does.
    assert.match(await response.text(), /Page marker 9c2d/);
    assert.ok(Number(response.headers.get('content-length')) < 10_000, 'sent compressed');
    const kept = await fetch(app.url + path, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } });
    assert.equal(kept.headers.get('content-encoding'), 'gzip');
  });

  it('shows the page without a section that cannot be read, and answers 503 when the fundraiser itself cannot be', async () => {
    const connection = app.orm.em.getConnection();
    await connection.execute('alter table `fundraiser_update` rename to `fundraiser_update_away`');
    try {
      const response = await page(app.url + path + fresh(id));
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /Page marker 9c2d/);
      assert.doesNotMatch(html, /Update marker/);
    } finally {
      await connection.execute('alter table `fundraiser_update_away` rename to `fundraiser_update`');
    }
    await connection.execute('alter table `category` rename to `category_away`');
    try {
      for (const [url, lang] of [[app.url + path + fresh(id), 'en'], [`${app.url}/am${path}${fresh(id)}`, 'am']] as const) {
        const response = await page(url);
        assert.equal(response.status, 503, url);
        assert.ok(Number(response.headers.get('retry-after')) > 0, `${url}: Retry-After`);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        assert.match(await response.text(), new RegExp(`<html lang="${lang}"`), `${url}: the error page in ${lang}`);
      }
    } finally {
      await connection.execute('alter table `category_away` rename to `category`');
    }
    assert.equal((await page(app.url + path + fresh(id))).status, 200);
  });
});
