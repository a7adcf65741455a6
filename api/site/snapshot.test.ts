import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { snapshotSchema } from './snapshot.schemas.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { discoverPageSize } from '../../site/src/lib/discover.ts';
import { categoryPageSize, exportSnapshot, snapshotHash } from './snapshot.ts';

describe('the data snapshot of the pre-rendered pages', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('carries the first page of every category, in the shape the site’s build accepts', async () => {
    const owner = (await fakeUser(app.orm)).user;
    const titles: string[] = [];
    for (let i = 0; i < categoryPageSize + 2; i += 1) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i));
      titles.unshift((await fakeFundraiser(app.orm, owner, { categorySlug: 'memorial', title: `Memorial fund ${i}`, createdAt: at })).title);
    }

    const data = await exportSnapshot(app.orm.em.fork(), app.mediaLinks);
    const parsed = snapshotSchema.parse({ generatedAt: new Date().toISOString(), ...data });
    assert.deepEqual(
      parsed.categoryPages.map((page) => page.categoryId),
      parsed.categories.map((category) => category.id),
      'one first page per category, in the same order',
    );
    const memorialId = parsed.categories.find((category) => category.slug === 'memorial')!.id;
    const memorial = parsed.categoryPages.find((page) => page.categoryId === memorialId)!;
    assert.equal(memorial.size, categoryPageSize);
    assert.equal(categoryPageSize, discoverPageSize, 'a category page is the first of discover’s pages');
    assert.equal(memorial.totalElements, categoryPageSize + 2);
    assert.deepEqual(
      memorial.content.map((card) => card.title),
      titles.slice(0, categoryPageSize),
    );
    assert.ok(parsed.categoryPages.filter((page) => page.categoryId !== memorialId).every((page) => page.totalElements === 0 && page.content.length === 0));
  });

  it('changes its hash when a category page would show something else', async () => {
    const before = snapshotHash(await exportSnapshot(app.orm.em.fork(), app.mediaLinks));
    await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { categorySlug: 'animals', status: 'SUSPENDED' });
    assert.equal(snapshotHash(await exportSnapshot(app.orm.em.fork(), app.mediaLinks)), before, 'a suspended fundraiser shows on no static page');
    await fakeFundraiser(app.orm, (await fakeUser(app.orm)).user, { categorySlug: 'animals' });
    assert.notEqual(snapshotHash(await exportSnapshot(app.orm.em.fork(), app.mediaLinks)), before);
  });
});
