import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DonationSchema, type DonationStatus } from '../donations/index.ts';
import { MediaSchema } from '../media/index.ts';
import { FundraiserSchema } from './index.ts';

describe('deleting a fundraiser that has donation rows', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;

  /**
   * A fundraiser with one donation in `status`, made through the API as a donor would; its
   * totals stay at zero, as they do for anything but a counted success. For SUCCEEDED this is
   * the race the delete must survive: the money has landed, the count has not been seen yet.
   */
  async function withDonation(status: DonationStatus) {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const gift = await app.client().post('/api/donations', { fundraiserId: f.id, amount: '25.00', donorEmail: 'donor@example.com' });
    assert.equal(gift.status, 201, gift.text);
    await app.orm.em.fork().nativeUpdate(DonationSchema, { fundraiser: f.id }, { status });
    return f.id;
  }

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm);
    asOrganiser = app.client();
    await signIn(asOrganiser, organiser);
  });
  after(() => app.close());

  for (const status of ['PENDING', 'EXPIRED', 'FAILED', 'CANCELLED', 'REFUNDED', 'SUCCEEDED'] as const) {
    it(`closes one with a ${status} donation instead of deleting it, keeping the donation`, async () => {
      const id = await withDonation(status);
      const { status: answer, data } = await asOrganiser.delete(`/api/fundraisers/${id}`);
      assert.equal(answer, 200, JSON.stringify(data));
      assert.equal(data.outcome, 'closed');
      assert.equal(data.fundraiser.status, 'CLOSED');
      const em = app.orm.em.fork();
      assert.equal((await em.findOneOrFail(FundraiserSchema, { id })).status, 'CLOSED');
      assert.equal(await em.count(DonationSchema, { fundraiser: id }), 1);
    });
  }

  it('keeps the images of one it closed, rows and files', async () => {
    const id = await withDonation('PENDING');
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('entityType', 'FUNDRAISER');
    form.append('entityId', String(id));
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const image = (await asOrganiser.upload('/api/media/upload', form)).data;
    assert.equal((await asOrganiser.delete(`/api/fundraisers/${id}`)).data.outcome, 'closed');
    assert.equal(await app.orm.em.fork().count(MediaSchema, { entityType: 'FUNDRAISER', entityId: id }), 1);
    assert.ok(existsSync(join(app.mediaDir, image.url.slice('/media/'.length))));
    assert.deepEqual((await app.client().get(`/api/fundraisers/${id}`)).data.images, [image]);
  });

  it('still deletes one without any donation row', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    assert.deepEqual((await asOrganiser.delete(`/api/fundraisers/${f.id}`)).data, { outcome: 'deleted' });
    assert.equal(await app.orm.em.fork().count(FundraiserSchema, { id: f.id }), 0);
  });
});
