import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exportSnapshot } from '../../api/site/index.ts';
import { seedDemoIfEmpty } from '../../db/index.ts';
import { UserSchema } from '../../modules/accounts/index.ts';
import { CommentLikeSchema, CommentSchema } from '../../modules/comments/index.ts';
import { DonationSchema } from '../../modules/donations/index.ts';
import { demoOrganisers, fundedRank, FundraiserSchema, goalRank } from '../../modules/fundraisers/index.ts';
import { listOutbox } from '../../modules/mail/index.ts';
import { fromMinor, toMinor } from '../../modules/money/index.ts';
import { PaymentSchema } from '../../modules/payments/index.ts';
import { fakeUser } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ethiopic = /[\u1200-\u137F]/;
const day = 24 * 60 * 60_000;

describe('demo data and the site snapshot', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('exports no featured fundraisers and zero counts from an empty database', async () => {
    const snapshot = await exportSnapshot(app.orm.em.fork(), app.mediaLinks);
    assert.deepEqual(snapshot.featuredFundraisers, []);
    assert.deepEqual(snapshot.stats, { fundraiserCount: 0, donationCount: 0, raised: [] });
  });

  it('seeds a dozen fundraisers across causes and cities, in English and Amharic, with pictures, owned by verified demo organisers', async () => {
    const seeded = await seedDemoIfEmpty(app.orm.em.fork(), { mediaDir: app.mediaDir });
    assert.equal(seeded?.fundraisers, 12);
    assert.equal(seeded?.donations, await app.orm.em.fork().count(DonationSchema));
    const { data } = await app.client().get('/api/fundraisers?size=50');
    assert.equal(data.totalElements, 11, 'one demo fundraiser is closed, so not listed');
    const all = await app.orm.em.fork().find(FundraiserSchema, {}, { populate: ['owner', 'category', 'location'] });
    assert.equal(all.length, 12);
    assert.ok(new Set(all.map((f) => f.category.slug)).size >= 8, 'many causes');
    assert.ok(new Set(all.map((f) => f.location.city)).size >= 9, 'many cities');
    for (const slug of ['medical', 'education', 'emergency', 'memorial', 'community']) assert.ok(all.some((f) => f.category.slug === slug), slug);
    assert.ok(all.filter((f) => ethiopic.test(f.title)).length >= 4, 'some in Amharic');
    assert.ok(all.some((f) => f.currency === 'ETB') && all.some((f) => f.currency === 'USD'));

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
    assert.equal((await app.client().get(`/api/fundraisers/${withUpdates.id}/updates`)).data.totalElements, 2);
  });

  it('a fresh database has donations in both currencies, some anonymous, some with messages, and every fundraiser’s totals equal the sum and count of its succeeded donations', async () => {
    const em = app.orm.em.fork();
    const now = Date.now();
    const fundraisers = await em.find(FundraiserSchema, {}, { orderBy: { id: 'asc' } });
    const donations = await em.find(DonationSchema, {}, { orderBy: { id: 'asc' } });
    assert.ok(donations.length >= 300, `${donations.length} donations`);
    assert.ok(donations.every((d) => d.status === 'SUCCEEDED' && d.succeededAt));
    for (const currency of ['USD', 'ETB'] as const) assert.ok(donations.some((d) => d.currency === currency), currency);
    const anonymous = donations.filter((d) => d.donorName === null).length;
    assert.ok(anonymous > 0 && anonymous < donations.length / 2, `${anonymous} anonymous`);
    assert.ok(donations.some((d) => d.donorName && ethiopic.test(d.donorName)) && donations.some((d) => d.donorName && !ethiopic.test(d.donorName)), 'names in both scripts');
    const messages = donations.flatMap((d) => (d.message ? [d.message] : []));
    assert.ok(messages.some((m) => ethiopic.test(m)) && messages.some((m) => !ethiopic.test(m)), 'words of support in Amharic and English');
    assert.ok(messages.length < donations.length, 'not everybody writes something');

    for (const f of fundraisers) {
      const own = donations.filter((d) => d.fundraiser.id === f.id);
      assert.equal(f.raisedMinor, own.reduce((sum, d) => sum + d.amountMinor, 0), `${f.title}: raised`);
      assert.equal(f.donationCount, own.length, `${f.title}: count`);
      assert.equal(f.fundedRank, fundedRank(f), `${f.title}: most-funded key`);
      assert.equal(f.goalRank, goalRank(f), `${f.title}: closest-to-goal key`);
      assert.ok(own.every((d) => d.currency === f.currency), `${f.title}: in its currency`);
      assert.ok(own.every((d) => d.succeededAt! >= f.createdAt && d.succeededAt!.getTime() <= now), `${f.title}: given between its start and now`);
      if (f.status === 'CLOSED') assert.ok(own.every((d) => d.succeededAt! <= f.updatedAt), `${f.title}: nothing after it closed`);
    }
    const share = (f: (typeof fundraisers)[number]) => f.raisedMinor / f.goalMinor;
    assert.ok(fundraisers.some((f) => f.status === 'CLOSED' && share(f) >= 1), 'a closed one fully funded');
    assert.ok(fundraisers.filter((f) => f.status === 'ACTIVE' && share(f) >= 0.9).length >= 2, 'some near or past their goal');
    assert.ok(fundraisers.some((f) => f.status === 'ACTIVE' && now - f.createdAt.getTime() <= 2 * day && f.donationCount > 0), 'some just started');
    const spread = (now - Math.min(...donations.map((d) => d.succeededAt!.getTime()))) / day;
    assert.ok(spread >= 28, `donations over the past weeks (${spread.toFixed(0)} days)`);
    assert.ok(donations.some((d) => now - d.succeededAt!.getTime() < day), 'some today');

    // Given like paid ones, without pretending a payment: nothing for receipts to find, nobody mailed.
    assert.equal(await em.count(PaymentSchema), 0);
    assert.deepEqual(await listOutbox(em, { limit: 10 }), []);

    const yonas = fundraisers.find((f) => f.title.startsWith('Heart surgery'))!;
    const recent = await app.client().get(`/api/donations/${yonas.id}?size=5`);
    assert.equal(recent.data.totalElements, yonas.donationCount);
    const newest = donations.filter((d) => d.fundraiser.id === yonas.id).sort((a, b) => b.succeededAt!.getTime() - a.succeededAt!.getTime() || b.id - a.id);
    assert.deepEqual(
      recent.data.content.map((d: { id: number }) => d.id),
      newest.slice(0, 5).map((d) => d.id),
      'recent donations, newest first',
    );
    assert.ok(donations.some((d) => d.showAmount) && donations.some((d) => !d.showAmount), 'most donors show the amount, some do not');
    for (const listed of recent.data.content as { id: number; amount: string | null }[]) {
      const row = donations.find((d) => d.id === listed.id)!;
      assert.equal(listed.amount, row.showAmount ? fromMinor(row.amountMinor, row.currency) : null);
    }

    const { stats } = await exportSnapshot(app.orm.em.fork(), app.mediaLinks);
    const raised = (currency: 'USD' | 'ETB') => fromMinor(fundraisers.filter((f) => f.currency === currency).reduce((sum, f) => sum + f.raisedMinor, 0), currency);
    assert.deepEqual(stats, {
      fundraiserCount: 12,
      donationCount: donations.length,
      raised: [
        { currency: 'USD', amount: raised('USD') },
        { currency: 'ETB', amount: raised('ETB') },
      ],
    });
  });

  it('a fresh database has conversations on some fundraisers, in both languages, with likes counted from their rows', async () => {
    const em = app.orm.em.fork();
    const comments = await em.find(CommentSchema, {}, { populate: ['fundraiser', 'author'] });
    assert.ok(comments.length >= 10, `${comments.length} comments`);
    assert.ok(comments.some((c) => ethiopic.test(c.content)) && comments.some((c) => !ethiopic.test(c.content)), 'in Amharic and English');
    assert.ok(comments.some((c) => c.author?.id === c.fundraiser.owner.id), 'organisers answer');
    assert.ok(comments.every((c) => c.createdAt >= c.fundraiser.createdAt && c.createdAt.getTime() <= Date.now()), 'written while the fundraiser ran');
    for (const c of comments) assert.equal(c.likeCount, await em.count(CommentLikeSchema, { comment: c.id }), `likes of “${c.content}”`);
    assert.ok(comments.some((c) => c.likeCount > 0));

    const yonas = comments.find((c) => c.fundraiser.title.startsWith('Heart surgery'))!.fundraiser;
    const listed = (await app.client().get(`/api/comments/${yonas.id}?size=50`)).data;
    const own = comments.filter((c) => c.fundraiser.id === yonas.id);
    assert.deepEqual(
      listed.content.filter((item: { kind: string }) => item.kind === 'comment').map((item: { content: string; likeCount: number }) => [item.content, item.likeCount]),
      own.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((c) => [c.content, c.likeCount]),
      'shown on the page, newest first, beside the words of support',
    );
  });

  it('exports up to six open fundraisers, shaped as the site parses them, and real counts', async () => {
    const owner = (await fakeUser(app.orm)).user;
    const before = (await exportSnapshot(app.orm.em.fork(), app.mediaLinks)).stats;
    // More donations than any demo fundraiser, to come first.
    const popular = await fakeFundraiser(app.orm, owner, { donationCount: 700, raisedMinor: 123_450, currency: 'ETB', city: 'Mekelle' });
    await fakeFundraiser(app.orm, owner, { status: 'SUSPENDED', donationCount: 50 });
    await fakeFundraiser(app.orm, owner, { status: 'PAUSED', donationCount: 40 });

    const snapshot = await exportSnapshot(app.orm.em.fork(), app.mediaLinks);
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
      donationCount: 700,
    });
    const statuses = await app.orm.em.fork().find(FundraiserSchema, { id: { $in: featured.map((f) => f.id) } });
    assert.ok(statuses.every((f) => f.status === 'ACTIVE'), 'only open fundraisers are featured');
    // The popular and the paused one count; the suspended one does not.
    assert.equal(snapshot.stats.fundraiserCount, before.fundraiserCount + 2);
    assert.equal(snapshot.stats.donationCount, before.donationCount + 700 + 40);
    const birr = (stats: typeof before) => toMinor(stats.raised.find((r) => r.currency === 'ETB')!.amount, 'ETB')!;
    assert.equal(birr(snapshot.stats), birr(before) + 123_450);
  });
});
