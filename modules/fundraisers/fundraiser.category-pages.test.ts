import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { CategorySchema } from '../catalogue/index.ts';
import { categoryFirstPages, FundraiserSchema } from './index.ts';

describe('first pages of the categories, for the pre-rendered category pages', () => {
  let app: TestApp;
  let community: number;
  let education: number;
  let housing: number;
  /** Listed community fundraisers, newest first. */
  const listed: number[] = [];

  before(async () => {
    app = await startTestApp();
    const owner = (await fakeUser(app.orm)).user;
    const categories = await app.orm.em.fork().find(CategorySchema, { slug: { $in: ['community', 'education', 'housing'] } });
    const idOf = (slug: string) => categories.find((c) => c.slug === slug)!.id;
    [community, education, housing] = [idOf('community'), idOf('education'), idOf('housing')];
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    for (let i = 0; i < 14; i += 1) {
      listed.unshift((await fakeFundraiser(app.orm, owner, { categorySlug: 'community', title: `Community well number ${i}`, createdAt: at(i) })).id);
    }
    for (const status of ['PAUSED', 'CLOSED', 'SUSPENDED'] as const) {
      await fakeFundraiser(app.orm, owner, { categorySlug: 'community', status, createdAt: at(30) });
    }
    await fakeFundraiser(app.orm, owner, { categorySlug: 'education', title: 'School fees for Hana', currency: 'ETB', goalMinor: 1_500_050, raisedMinor: 20_000, donationCount: 1, city: 'Bahir Dar' });
  });
  after(() => app.close());

  it('holds the newest listed fundraisers of each category up to the page size, and how many there are in all', async () => {
    const pages = await categoryFirstPages(app.orm.em.fork(), app.mediaLinks, [community, education, housing], 12);
    assert.deepEqual(
      pages.map((page) => ({ categoryId: page.categoryId, size: page.size, totalElements: page.totalElements, count: page.content.length })),
      [
        { categoryId: community, size: 12, totalElements: 14, count: 12 },
        { categoryId: education, size: 12, totalElements: 1, count: 1 },
        { categoryId: housing, size: 12, totalElements: 0, count: 0 },
      ],
    );
    assert.deepEqual(
      pages[0]!.content.map((card) => card.id),
      listed.slice(0, 12),
      'only ACTIVE ones, newest first',
    );
    assert.deepEqual(pages[1]!.content[0], {
      id: pages[1]!.content[0]!.id,
      title: 'School fees for Hana',
      summary: 'A family in need asks for support with hospital costs.',
      imageUrl: null,
      city: 'Bahir Dar',
      cityAm: 'ባሕር ዳር',
      raisedAmount: '200.00',
      goalAmount: '15000.50',
      currency: 'ETB',
      donationCount: 1,
    });
  });

  it('is the API’s first page of the category, so the API’s later pages continue it', async () => {
    const [page] = await categoryFirstPages(app.orm.em.fork(), app.mediaLinks, [community], 12);
    const client = app.client();
    const first = await client.get(`/api/fundraisers?categoryId=${community}&page=0&size=12`);
    const second = await client.get(`/api/fundraisers?categoryId=${community}&page=1&size=12`);
    assert.deepEqual(
      page!.content.map((card) => card.id),
      first.data.content.map((card: { id: number }) => card.id),
    );
    assert.equal(page!.totalElements, first.data.totalElements);
    assert.deepEqual(
      second.data.content.map((card: { id: number }) => card.id),
      listed.slice(12),
    );
  });

  it('loads only the fundraisers it shows, never a whole category', async () => {
    const em = app.orm.em.fork();
    await categoryFirstPages(em, app.mediaLinks, [community, education], 5);
    const loaded = em.getUnitOfWork().getIdentityMap().getStore(em.getMetadata().get(FundraiserSchema));
    assert.equal(loaded.size, 6, 'five of one category and the one of the other');
  });
});
