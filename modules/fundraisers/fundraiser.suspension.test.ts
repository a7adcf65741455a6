import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { MediaSchema } from '../media/index.ts';
import { FundraiserSchema, FundraiserUpdateSchema, fundraiserMessages } from './index.ts';

describe('a suspended fundraiser', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;
  let asAdmin: TestClient;
  let jpeg: Buffer;

  const imageForm = (fundraiserId: number) => {
    const data = new FormData();
    data.append('entityType', 'FUNDRAISER');
    data.append('entityId', String(fundraiserId));
    data.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    return data;
  };

  /** A fundraiser with an update and an image, suspended by an admin afterwards. */
  async function suspendedFundraiser() {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const update = (await asOrganiser.post(`/api/fundraisers/${f.id}/updates`, { content: 'Surgery is booked for Monday.' })).data;
    const image = (await asOrganiser.upload('/api/media/upload', imageForm(f.id))).data;
    assert.equal((await asAdmin.patch(`/api/fundraisers/${f.id}`, { status: 'SUSPENDED' })).data.status, 'SUSPENDED');
    return { id: f.id, updateId: update.id as number, imageId: image.id as number };
  }

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm, { firstName: 'Selam', lastName: 'Bekele' });
    asOrganiser = app.client();
    asAdmin = app.client();
    await signIn(asOrganiser, organiser);
    await signIn(asAdmin, await fakeUser(app.orm, { admin: true }));
    jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#1abc9c' } }).jpeg().toBuffer();
  });
  after(() => app.close());

  it('says why in both languages', () => {
    assert.match(fundraiserMessages.en.fundraiser_suspended, /suspended/);
    assert.match(fundraiserMessages.am.fundraiser_suspended, /[\u1200-\u137F]/);
  });

  it('cannot be edited, given or stripped of updates or images, or deleted by its organiser (403), and nothing changes', async () => {
    const { id, updateId, imageId } = await suspendedFundraiser();
    const path = `/api/fundraisers/${id}`;
    const attempts = [
      ['edit', () => asOrganiser.put(path, { title: 'A quietly changed title' })],
      ['post an update', () => asOrganiser.post(`${path}/updates`, { content: 'Still collecting, please give.' })],
      ['delete an update', () => asOrganiser.delete(`${path}/updates/${updateId}`)],
      ['upload an image', () => asOrganiser.upload('/api/media/upload', imageForm(id))],
      ['delete an image', () => asOrganiser.delete(`/api/media/${imageId}`)],
      ['delete the fundraiser', () => asOrganiser.delete(path)],
    ] as const;
    for (const [what, attempt] of attempts) {
      const { status, data } = await attempt();
      assert.equal(status, 403, what);
      assert.equal(data.code, 'fundraiser_suspended', what);
      assert.equal(data.message, fundraiserMessages.en.fundraiser_suspended, what);
    }
    asOrganiser.lang = 'am';
    try {
      const amharic = await asOrganiser.put(path, { title: 'A quietly changed title' });
      assert.equal(amharic.data.message, fundraiserMessages.am.fundraiser_suspended);
    } finally {
      asOrganiser.lang = 'en';
    }

    const em = app.orm.em.fork();
    const stored = await em.findOneOrFail(FundraiserSchema, { id });
    assert.equal(stored.status, 'SUSPENDED');
    assert.notEqual(stored.title, 'A quietly changed title');
    assert.deepEqual((await em.find(FundraiserUpdateSchema, { fundraiser: id })).map((u) => u.id), [updateId]);
    assert.deepEqual((await em.find(MediaSchema, { entityType: 'FUNDRAISER', entityId: id })).map((m) => m.id), [imageId]);
    assert.equal((await asOrganiser.get(path)).status, 200, 'the organiser still sees it');
    assert.equal((await asOrganiser.get(`${path}/updates`)).status, 200);
  });

  it('is still the admins’ to change: edit, updates, images and delete', async () => {
    const { id, updateId, imageId } = await suspendedFundraiser();
    const path = `/api/fundraisers/${id}`;
    assert.equal((await asAdmin.put(path, { title: 'Title corrected by the moderators' })).status, 200);
    assert.equal((await asAdmin.post(`${path}/updates`, { content: 'Checked by the moderators.' })).status, 201);
    assert.equal((await asAdmin.delete(`${path}/updates/${updateId}`)).status, 204);
    assert.equal((await asAdmin.upload('/api/media/upload', imageForm(id))).status, 201);
    assert.equal((await asAdmin.delete(`/api/media/${imageId}`)).status, 204);
    assert.deepEqual((await asAdmin.delete(path)).data, { outcome: 'deleted' });
  });

  it('is the organiser’s again once an admin lifts the suspension', async () => {
    const { id, updateId } = await suspendedFundraiser();
    assert.equal((await asAdmin.patch(`/api/fundraisers/${id}`, { status: 'ACTIVE' })).status, 200);
    assert.equal((await asOrganiser.put(`/api/fundraisers/${id}`, { title: 'Surgery for Selam’s son' })).status, 200);
    assert.equal((await asOrganiser.delete(`/api/fundraisers/${id}/updates/${updateId}`)).status, 204);
  });
});
