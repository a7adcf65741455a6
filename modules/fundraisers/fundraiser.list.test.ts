import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { CategorySchema } from '../catalogue/index.ts';
import { searchDepth, searchTerms, teamIdIn } from './fundraiser.search.ts';
import { FundraiserSchema, fundedRank, goalRank } from './index.ts';
import { summaryOf } from './fundraiser.views.ts';

type Card = { id: number; title: string; status: string; summary: string; image: unknown; category: { slug: string }; location: { city: string } };
const ids = (page: { content: Card[] }) => page.content.map((f) => f.id);

describe('search terms', () => {
  it('splits English and Amharic into words, dropping punctuation, single letters and common words', () => {
    assert.deepEqual(searchTerms('The School fees, for Hana!'), ['school', 'fees', 'hana']);
    assert.deepEqual(searchTerms('ለልጄ፡የልብ ቀዶ ሕክምና።'), ['ለልጄ', 'የልብ', 'ቀዶ', 'ሕክምና']);
    assert.deepEqual(searchTerms('"+hana* -x (y)'), ['hana'], 'no operator of either engine gets through');
    assert.deepEqual(searchTerms('a b c'), []);
    assert.equal(searchTerms('one two three four five six seven eight nine ten').length, 8);
    assert.equal(teamIdIn('teamId=42'), 42);
    assert.equal(teamIdIn(' teamid = 7 '), 7);
    assert.equal(teamIdIn('team 42'), null);
  });

  it('summarises a story on one line, cut at a word', () => {
    assert.equal(summaryOf('Short\n\nstory.'), 'Short story.');
    const long = summaryOf(`${'word '.repeat(60)}end`);
    assert.ok(long.length <= 160 && long.endsWith('word…'), long);
  });
});

describe('fundraiser lists and search', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let other: FakeUser;
  let educationId: number;
  /** Created oldest first; the list answers newest first. */
  const active: number[] = [];
  let amharicId: number;
  let englishId: number;
  let shortWordId: number;
  let pausedId: number;
  let closedId: number;
  let suspendedId: number;

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm);
    other = await fakeUser(app.orm);
    educationId = (await app.orm.em.fork().findOneOrFail(CategorySchema, { slug: 'education' })).id;
    const start = Date.UTC(2026, 0, 1);
    const at = (n: number) => new Date(start + n * 60_000);
    for (let i = 0; i < 22; i += 1) {
      active.push((await fakeFundraiser(app.orm, organiser.user, { title: `Community well number ${i}`, createdAt: at(i), categorySlug: 'community' })).id);
    }
    englishId = (
      await fakeFundraiser(app.orm, other.user, {
        title: 'School fees for Hana in Bahir Dar',
        description: 'Hana is a bright student who needs help with tuition and uniforms.',
        categorySlug: 'education',
        city: 'Bahir Dar',
        createdAt: at(30),
      })
    ).id;
    amharicId = (
      await fakeFundraiser(app.orm, other.user, {
        title: 'ለልጄ የልብ ቀዶ ሕክምና እርዳታ',
        description: 'ልጄ አበበ በአዲስ አበባ ሆስፒታል ይገኛል። እባካችሁ፣ እርዱን።',
        categorySlug: 'medical',
        createdAt: at(31),
      })
    ).id;
    shortWordId = (
      await fakeFundraiser(app.orm, other.user, { title: 'የቤተሰባችን ቤት ጥገና', description: 'ጎርፍ ያፈረሰውን ቤት መልሰን እንሠራለን።', categorySlug: 'housing', createdAt: at(32) })
    ).id;
    active.push(englishId, amharicId, shortWordId);
    pausedId = (await fakeFundraiser(app.orm, organiser.user, { status: 'PAUSED', title: 'Paused school fees drive', createdAt: at(40) })).id;
    closedId = (await fakeFundraiser(app.orm, organiser.user, { status: 'CLOSED', title: 'Closed school fees drive', createdAt: at(41) })).id;
    suspendedId = (await fakeFundraiser(app.orm, organiser.user, { status: 'SUSPENDED', title: 'Suspended school fees drive', createdAt: at(42) })).id;
  });
  after(() => app.close());

  it('pages active fundraisers newest first: defaults page 0 and size 10, with totals', async () => {
    const { status, data } = await app.client().get('/api/fundraisers');
    assert.equal(status, 200);
    assert.equal(data.page, 0);
    assert.equal(data.size, 10);
    assert.equal(data.totalElements, active.length);
    assert.equal(data.totalPages, Math.ceil(active.length / 10));
    const newestFirst = [...active].reverse();
    assert.deepEqual(ids(data), newestFirst.slice(0, 10));
    assert.ok(data.content.every((f: Card) => f.status === 'ACTIVE'));
    assert.ok(!('description' in data.content[0]), 'lists carry a summary, not the whole story');
    assert.equal(typeof data.content[0].summary, 'string');
    assert.equal(data.content[0].image, null);

    const last = await app.client().get('/api/fundraisers?page=2&size=10');
    assert.deepEqual(ids(last.data), newestFirst.slice(20));
    const beyond = await app.client().get('/api/fundraisers?page=7&size=10');
    assert.equal(beyond.status, 200);
    assert.deepEqual(beyond.data.content, []);
    assert.equal(beyond.data.totalElements, active.length);
    assert.equal(beyond.data.page, 7);

    const all = await app.client().get('/api/fundraisers?size=50');
    assert.equal(all.data.content.length, active.length);
    assert.equal(all.data.totalPages, 1);
    for (const id of [pausedId, closedId, suspendedId]) assert.ok(!ids(all.data).includes(id), 'only ACTIVE ones are listed');
  });

  it('refuses sizes outside 1–50 and negative pages', async () => {
    for (const query of ['size=51', 'size=0', 'page=-1', 'page=x', 'sort=random']) {
      const { status, data } = await app.client().get(`/api/fundraisers?${query}`);
      assert.equal(status, 400, query);
      assert.ok(Object.keys(data.fields).length === 1, query);
    }
    assert.match((await app.client().get('/api/fundraisers?size=51')).data.fields.size, /at most 50/);
  });

  it('filters by category and location', async () => {
    const education = await app.client().get(`/api/fundraisers?categoryId=${educationId}&page=0&size=5`);
    assert.deepEqual(ids(education.data), [englishId]);
    assert.equal(education.data.totalElements, 1);
    const bahirDar = (await app.client().get('/api/locations')).data.find((l: { city: string }) => l.city === 'Bahir Dar');
    const byPlace = await app.client().get(`/api/fundraisers?locationId=${bahirDar.id}`);
    assert.deepEqual(ids(byPlace.data), [englishId]);
    assert.deepEqual((await app.client().get('/api/fundraisers?categoryId=999999')).data.content, []);
  });

  it('sorts by most funded (across currencies) and by closeness to the goal', async () => {
    const em = app.orm;
    const owner = (await fakeUser(em)).user;
    const category = 'animals';
    const dollars = await fakeFundraiser(em, owner, { categorySlug: category, currency: 'USD', raisedMinor: 100_000, goalMinor: 1_000_000 }); // $1,000 of $10,000: 10%
    const birr = await fakeFundraiser(em, owner, { categorySlug: category, currency: 'ETB', raisedMinor: 500_000, goalMinor: 600_000 }); // 5,000 birr (~$33) of 6,000: 83%
    const reached = await fakeFundraiser(em, owner, { categorySlug: category, currency: 'USD', raisedMinor: 2_000, goalMinor: 1_000 }); // $20 of $10: done
    const nothing = await fakeFundraiser(em, owner, { categorySlug: category, currency: 'USD', raisedMinor: 0, goalMinor: 1_000 });
    // Written last but started long ago: "newest" goes by the start date, not the row id.
    const old = await fakeFundraiser(em, owner, { categorySlug: category, currency: 'USD', raisedMinor: 1, goalMinor: 1_000_000, createdAt: new Date(Date.UTC(2020, 0, 1)) });
    const categoryId = (await app.orm.em.fork().findOneOrFail(CategorySchema, { slug: category })).id;
    const sorted = async (sort: string) => ids((await app.client().get(`/api/fundraisers?categoryId=${categoryId}&sort=${sort}`)).data);
    assert.deepEqual(await sorted('most_funded'), [dollars.id, birr.id, reached.id, old.id, nothing.id]);
    assert.deepEqual(await sorted('closest_to_goal'), [birr.id, dollars.id, old.id, nothing.id, reached.id]);
    assert.deepEqual(await sorted('newest'), [nothing.id, reached.id, birr.id, dollars.id, old.id]);

    // Totals change by a flush of the row (as the donations module does): the sort keys follow.
    const em2 = app.orm.em.fork();
    const row = await em2.findOneOrFail(FundraiserSchema, { id: nothing.id });
    row.raisedMinor = 900; // $9 of $10: 90%, and 1,350 birr
    await em2.flush();
    assert.deepEqual(await sorted('most_funded'), [dollars.id, birr.id, reached.id, nothing.id, old.id]);
    assert.deepEqual(await sorted('closest_to_goal'), [nothing.id, birr.id, dollars.id, old.id, reached.id]);
  });

  it('reuses a list’s total for a few seconds while its page is always read fresh; a change through the API counts at once', async () => {
    const owner = await fakeUser(app.orm);
    const client = app.client();
    await signIn(client, owner);
    const environment = (await app.orm.em.fork().findOneOrFail(CategorySchema, { slug: 'environment' })).id;
    const path = `/api/fundraisers?categoryId=${environment}`;
    const first = await fakeFundraiser(app.orm, owner.user, { categorySlug: 'environment' });
    assert.equal((await app.client().get(path)).data.totalElements, 1);
    // Written behind the service's back, as another instance would: the page shows it, the total lags.
    const second = await fakeFundraiser(app.orm, owner.user, { categorySlug: 'environment' });
    const stale = (await app.client().get(path)).data;
    assert.deepEqual(ids(stale), [second.id, first.id]);
    assert.equal(stale.totalElements, 1);
    const created = await client.post('/api/fundraisers', {
      title: 'Trees for the market square',
      description: 'Shade for the traders.',
      goalAmount: '300',
      categoryId: environment,
      locationId: first.location.id,
    });
    assert.equal(created.status, 201);
    const fresh = (await app.client().get(path)).data;
    assert.deepEqual(ids(fresh), [created.data.id, second.id, first.id]);
    assert.equal(fresh.totalElements, 3);
  });

  it('searches titles and stories in English, with prefixes, and ranks title matches first', async () => {
    const search = async (query: string) => (await app.client().get(`/api/fundraisers/search?query=${encodeURIComponent(query)}`)).data;
    assert.deepEqual(ids(await search('hana')), [englishId]);
    assert.deepEqual(ids(await search('tuition uniforms')), [englishId], 'words of the story, all of them required');
    assert.deepEqual(ids(await search('HANA school')), [englishId], 'case does not matter');
    assert.deepEqual(ids(await search('tuit')), [englishId], 'a word being typed finds its completions');
    assert.deepEqual(ids(await search('the school')), [englishId], 'common words are ignored, not required');
    assert.deepEqual(ids(await search('hana hospital')), []);
    const page = await search('school');
    assert.deepEqual(ids(page), [englishId], 'paused, closed and suspended ones are not found');
    assert.equal(page.totalElements, 1);
    assert.equal(page.size, 10);
    const wells = await search('well');
    assert.equal(wells.totalElements, 22);
    assert.equal(wells.content.length, 10);

    const owner = (await fakeUser(app.orm)).user;
    const inTitle = await fakeFundraiser(app.orm, owner, { title: 'Injera bakery for Tigist', description: 'Tigist wants to open a small shop.' });
    const inStory = await fakeFundraiser(app.orm, owner, { title: 'A new oven for the family', description: 'They bake injera every morning for the neighbourhood.' });
    assert.deepEqual(ids(await search('injera')), [inTitle.id, inStory.id], 'a title match ranks above a newer story match');
    assert.deepEqual(ids((await app.client().get('/api/fundraisers/search?query=injera&sort=newest')).data), [inStory.id, inTitle.id]);
  });

  it('finds the Amharic fundraiser by an Amharic word, in the title or the story, also short ones', async () => {
    const search = async (query: string) => ids((await app.client().get(`/api/fundraisers/search?query=${encodeURIComponent(query)}`)).data);
    assert.deepEqual(await search('ሕክምና'), [amharicId]);
    assert.deepEqual(await search('ሆስፒታል'), [amharicId], 'a word of the story, before the Ethiopic full stop');
    assert.deepEqual(await search('እባካችሁ'), [amharicId], 'a word before the Ethiopic comma');
    assert.deepEqual(await search('ሆስፒ'), [amharicId], 'a prefix');
    assert.deepEqual(await search('አበባ ልጄ'), [amharicId]);
    assert.deepEqual(await search('ቤት'), [shortWordId], 'a two-letter word (below InnoDB’s token size)');
    assert.deepEqual(await search('ቤት ጥገና'), [shortWordId]);
    assert.deepEqual(await search('ቤት hana'), []);
    // The list endpoint takes the same query, with the category filter beside it.
    const medical = (await app.client().get('/api/categories')).data.find((c: { slug: string }) => c.slug === 'medical');
    assert.deepEqual(ids((await app.client().get(`/api/fundraisers?categoryId=${medical.id}&query=${encodeURIComponent('ሕክምና')}`)).data), [amharicId]);
  });

  it('keeps the search index in step with edits and deletions', async () => {
    const owner = await fakeUser(app.orm);
    const client = app.client();
    await signIn(client, owner);
    const f = await fakeFundraiser(app.orm, owner.user, { title: 'Tractor for the cooperative', description: 'Farmers in Jimma need a tractor.' });
    const search = async (query: string) => ids((await app.client().get(`/api/fundraisers/search?query=${encodeURIComponent(query)}`)).data);
    assert.deepEqual(await search('tractor'), [f.id]);
    await client.put(`/api/fundraisers/${f.id}`, { title: 'የግብርና ማኅበር ትራክተር', description: 'በጅማ ያሉ ገበሬዎች ትራክተር ያስፈልጋቸዋል።' });
    assert.deepEqual(await search('tractor'), []);
    assert.deepEqual(await search('ትራክተር'), [f.id]);
    await client.delete(`/api/fundraisers/${f.id}`);
    assert.deepEqual(await search('ትራክተር'), []);
  });

  it('lists a user’s fundraisers: all of them for the user and admins, the public ones for others', async () => {
    const path = `/api/fundraisers/user/${organiser.user.id}?size=50`;
    const mine = app.client();
    await signIn(mine, organiser);
    const own = (await mine.get(path)).data;
    assert.equal(own.totalElements, 22 + 3);
    for (const id of [pausedId, closedId, suspendedId]) assert.ok(ids(own).includes(id));

    const admin = app.client();
    await signIn(admin, await fakeUser(app.orm, { admin: true }));
    assert.equal((await admin.get(path)).data.totalElements, 25);

    for (const client of [app.client(), (await (async () => { const c = app.client(); await signIn(c, other); return c; })())]) {
      const seen = (await client.get(path)).data;
      assert.equal(seen.totalElements, 24);
      assert.ok(ids(seen).includes(pausedId) && ids(seen).includes(closedId));
      assert.ok(!ids(seen).includes(suspendedId));
    }
    assert.deepEqual(ids((await app.client().get(`/api/fundraisers/user/${organiser.user.id}?page=0&size=2`)).data), [closedId, pausedId]);
    const unknown = await app.client().get('/api/fundraisers/user/999999');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.data.code, 'user_not_found');
  });
});

describe('search at depth', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it(`ranks at most the ${searchDepth} best matches of a common word, the best first`, async () => {
    const owner = (await fakeUser(app.orm)).user;
    const em = app.orm.em.fork();
    const template = await fakeFundraiser(app.orm, owner, { title: 'Seedlings for the valley', description: 'Planting trees.' });
    const rows = Array.from({ length: searchDepth + 20 }, (_, i) => ({
      title: `Project ${i}`,
      description: `Our village needs seedlings, number ${i}.`,
      beneficiaryName: null,
      owner: owner.id,
      category: template.category.id,
      location: template.location.id,
      currency: 'USD' as const,
      goalMinor: 10_000,
      raisedMinor: 0,
      donationCount: 0,
      fundedRank: fundedRank({ currency: 'USD', raisedMinor: 0, goalMinor: 10_000 }),
      goalRank: goalRank({ currency: 'USD', raisedMinor: 0, goalMinor: 10_000 }),
      status: 'ACTIVE' as const,
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await em.insertMany(FundraiserSchema, rows as never[]);
    const page = (await app.client().get('/api/fundraisers/search?query=seedlings&size=5')).data;
    assert.equal(page.totalElements, searchDepth);
    assert.equal(page.totalPages, searchDepth / 5);
    assert.equal(page.content[0].id, template.id, 'the title match ranks first');
    const last = (await app.client().get(`/api/fundraisers/search?query=seedlings&size=5&page=${searchDepth / 5 - 1}`)).data;
    assert.equal(last.content.length, 5);
    const beyond = (await app.client().get(`/api/fundraisers/search?query=seedlings&size=5&page=${searchDepth / 5}`)).data;
    assert.deepEqual(beyond.content, []);
    assert.equal(beyond.totalElements, searchDepth);
  });
});
