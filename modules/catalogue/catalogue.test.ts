import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { CategorySchema, LocationSchema, seedReferenceData } from './index.ts';

describe('catalogue API', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  it('lists the seeded categories sorted by name, with Amharic names', async () => {
    const { status, data } = await app.client().get('/api/categories');
    assert.equal(status, 200);
    const names = data.map((c: { name: string }) => c.name);
    assert.deepEqual(names, [...names].sort((a: string, b: string) => a.localeCompare(b)));
    for (const slug of ['medical', 'education', 'emergency', 'memorial', 'community', 'faith', 'animals', 'business']) {
      assert.ok(data.some((c: { slug: string }) => c.slug === slug), `missing ${slug}`);
    }
    const medical = data.find((c: { slug: string }) => c.slug === 'medical');
    assert.equal(medical.nameAm, 'ሕክምና');
  });

  it('answers one category by id, 404 for an unknown one and 400 for a malformed id', async () => {
    const client = app.client();
    const list = (await client.get('/api/categories')).data;
    const one = await client.get(`/api/categories/${list[0].id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.data, list[0]);

    const missing = await client.get('/api/categories/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.data.code, 'category_not_found');
    assert.match(missing.data.message, /category/i);

    const malformed = await client.get('/api/categories/abc');
    assert.equal(malformed.status, 400);
    assert.ok(malformed.data.fields.id);
  });

  it('lists Ethiopian cities sorted by city, with regions in both languages', async () => {
    const { status, data } = await app.client().get('/api/locations');
    assert.equal(status, 200);
    const cities = data.map((l: { city: string }) => l.city);
    assert.deepEqual(cities, [...cities].sort((a: string, b: string) => a.localeCompare(b)));
    for (const city of ['Addis Ababa', 'Adama', 'Bahir Dar', 'Dire Dawa', 'Gondar', 'Hawassa', 'Jimma', 'Mekelle']) {
      assert.ok(cities.includes(city), `missing ${city}`);
    }
    const mekelle = data.find((l: { city: string }) => l.city === 'Mekelle');
    assert.deepEqual([mekelle.cityAm, mekelle.region, mekelle.regionAm], ['መቀሌ', 'Tigray', 'ትግራይ']);
  });

  it('seeds reference data idempotently, keeping ids stable', async () => {
    const em = app.orm.em.fork();
    const before = await em.findAll(CategorySchema, { orderBy: { id: 'asc' } });
    await seedReferenceData(app.orm.em.fork());
    const after = await app.orm.em.fork().findAll(CategorySchema, { orderBy: { id: 'asc' } });
    assert.deepEqual(after.map((c) => [c.id, c.slug]), before.map((c) => [c.id, c.slug]));
    assert.equal(await app.orm.em.fork().count(LocationSchema), (await app.client().get('/api/locations')).data.length);
  });
});
