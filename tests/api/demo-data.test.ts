import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exportSnapshot } from '../../api/site/index.ts';
import { seedDemoIfEmpty } from '../../db/index.ts';
import { UserSchema } from '../../modules/accounts/index.ts';
import { demoOrganisers, FundraiserSchema } from '../../modules/fundraisers/index.ts';
import { fakeUser } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ethiopic = /[\u1200-\u137F]/;

describe('demo data and the site snapshot', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('exports no featured fundraisers and zero counts from an empty database', async () => {
    const snapshot = await exportSnapshot(app.orm.em.fork());
    assert.deepEqual(snapshot.featuredFundraisers, []);
    assert.deepEqual(snapshot.stats, { fundraiserCount: 0, donationCount: 0 });
  });

  it('seeds a dozen fundraisers across causes and cities, in English and Amharic, with pictures, owned by verified demo organisers', async () => {
    const seeded = await seedDemoIfEmpty(app.orm.em.fork(), { mediaDir: app.mediaDir });
    assert.equal(seeded?.fundraisers, 12);
    const { data } = await app.client().get('/api/fundraisers?size=50');
    assert.equal(data.totalElements, 11, 'one demo fundraiser is closed, so not listed');
    const all = await app.orm.em.fork().find(FundraiserSchema, {}, { populate: ['owner', 'category', 'location'] });
    assert.equal(all.length, 12);
    assert.ok(new Set(all.map((f) => f.category.slug)).size >= 8, 'many causes');
    assert.ok(new Set(all.map((f) => f.location.city)).size >= 9, 'many cities');
    for (const slug of ['medical', 'education', 'emergency', 'memorial', 'community']) assert.ok(all.some((f) => f.category.slug === slug), slug);
    assert.ok(all.filter((f) => ethiopic.test(f.title)).length >= 4, 'some in Amharic');
    assert.ok(all.some((f) => f.currency === 'ETB') && all.some((f) => f.currency === 'USD'));
    assert.ok(all.every((f) => f.raisedMinor === 0 && f.donationCount === 0), 'totals come from donations only');

    const organisers = await app.orm.em.fork().find(UserSchema, { email: { $in: demoOrganisers.map((o) => o.email) } }, { populate: ['passwordHash'] });
    assert.equal(organisers.length, demoOrganisers.length);
    assert.ok(organisers.every((u) => u.emailVerifiedAt && !u.passwordHash && !u.admin), 'verified, no password to guess, not admins');

    for (const card of data.content) {
      assert.ok(card.image, `${card.title} has a picture`);
      for (const url of [card.image.url, card.image.thumbnailUrl]) {
        assert.ok(existsSync(join(app.mediaDir, url.slice('/media/'.length))), url);
      }
    }
    const picture = await fetch(app.url + data.content[0].image.thumbnailUrl);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/webp');

    const amharic = await app.client().get(`/api/fundraisers/search?query=${encodeURIComponent('ሕክምና')}`);
    assert.ok(amharic.data.totalElements >= 1, 'the Amharic demo fundraisers are searchable');
    const withUpdates = all.find((f) => f.title.startsWith('Heart surgery'))!;
    assert.equal((await app.client().get(`/api/fundraisers/${withUpdates.id}/updates`)).data.totalElements, 1);
  });

  it('exports up to six open fundraisers, shaped as the site parses them, and real counts', async () => {
    const owner = (await fakeUser(app.orm)).user;
    const popular = await fakeFundraiser(app.orm, owner, { donationCount: 7, raisedMinor: 123_450, currency: 'ETB', city: 'Mekelle' });
    await fakeFundraiser(app.orm, owner, { status: 'SUSPENDED', donationCount: 50 });
    await fakeFundraiser(app.orm, owner, { status: 'PAUSED', donationCount: 40 });

    const snapshot = await exportSnapshot(app.orm.em.fork());
    const featured = snapshot.featuredFundraisers;
    assert.equal(featured.length, 6);
    const expectedKeys = ['city', 'cityAm', 'currency', 'donationCount', 'goalAmount', 'id', 'imageUrl', 'raisedAmount', 'summary', 'title'];
    for (const card of featured) {
      assert.deepEqual(Object.keys(card).sort(), expectedKeys);
      assert.match(card.raisedAmount, /^\d+(\.\d{1,2})?$/);
      assert.match(card.goalAmount, /^\d+(\.\d{1,2})?$/);
      assert.ok(['USD', 'ETB'].includes(card.currency));
      assert.ok(card.summary.length > 0 && card.summary.length <= 160);
      assert.ok(card.imageUrl === null || card.imageUrl.startsWith('/media/'));
    }
    assert.deepEqual(featured[0], {
      id: popular.id,
      title: popular.title,
      summary: popular.description,
      imageUrl: null,
      city: 'Mekelle',
      cityAm: 'መቀሌ',
      raisedAmount: '1234.50',
      goalAmount: '5000.00',
      currency: 'ETB',
      donationCount: 7,
    });
    const statuses = await app.orm.em.fork().find(FundraiserSchema, { id: { $in: featured.map((f) => f.id) } });
    assert.ok(statuses.every((f) => f.status === 'ACTIVE'), 'only open fundraisers are featured');
    // 12 demo fundraisers + the popular and the paused one; the suspended one is not counted.
    assert.deepEqual(snapshot.stats, { fundraiserCount: 14, donationCount: 7 + 40 });
  });
});
