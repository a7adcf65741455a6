import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import type { TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { serverMessages } from '../../api/messages.ts';
import { CategorySchema, LocationSchema } from '../catalogue/index.ts';
import { FundraiserSchema, FundraiserUpdateSchema } from './index.ts';
import { fundraiserErrorCodes } from './fundraiser.errors.ts';

describe('fundraisers API', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let stranger: FakeUser;
  let admin: FakeUser;
  let asOrganiser: TestClient;
  let asStranger: TestClient;
  let asAdmin: TestClient;
  let medicalId: number;
  let educationId: number;
  let addisId: number;
  let bahirDarId: number;

  const valid = () => ({
    title: 'Heart surgery for Abebe',
    description: 'Abebe is 9 and needs heart surgery in Addis Ababa.\n\nEvery birr helps.',
    goalAmount: '1500.00',
    categoryId: medicalId,
    locationId: addisId,
    currency: 'USD',
    beneficiaryName: 'Abebe Kebede',
  });

  before(async () => {
    app = await startTestApp();
    const em = app.orm.em.fork();
    medicalId = (await em.findOneOrFail(CategorySchema, { slug: 'medical' })).id;
    educationId = (await em.findOneOrFail(CategorySchema, { slug: 'education' })).id;
    addisId = (await em.findOneOrFail(LocationSchema, { city: 'Addis Ababa' })).id;
    bahirDarId = (await em.findOneOrFail(LocationSchema, { city: 'Bahir Dar' })).id;
    organiser = await fakeUser(app.orm, { firstName: 'Hana', lastName: 'Girma' });
    stranger = await fakeUser(app.orm, { firstName: 'Dawit', lastName: 'Alemu' });
    admin = await fakeUser(app.orm, { admin: true });
    asOrganiser = app.client();
    asStranger = app.client();
    asAdmin = app.client();
    await signIn(asOrganiser, organiser);
    await signIn(asStranger, stranger);
    await signIn(asAdmin, admin);
  });
  after(() => app.close());

  it('has a message for every error code it answers with, in both languages', () => {
    // Some are the catalogue's and the money module's: the server's texts are all the modules'.
    for (const code of fundraiserErrorCodes) {
      assert.ok(serverMessages.has(code), `${code} in a catalogue`);
      assert.match(serverMessages.text('am', code), /[\u1200-\u137F]/, `${code} in Amharic`);
      assert.notEqual(serverMessages.text('am', code), serverMessages.text('en', code), code);
    }
  });

  it('creates a fundraiser owned by the signed-in user, with money as decimal strings and minor units stored', async () => {
    const { status, data } = await asOrganiser.post('/api/fundraisers', { ...valid(), goalAmount: 1500.5, userId: organiser.user.id });
    assert.equal(status, 201);
    assert.equal(data.title, 'Heart surgery for Abebe');
    assert.equal(data.description, valid().description, 'line breaks kept, stored as text');
    assert.deepEqual(data.owner, { id: organiser.user.id, name: 'Hana Girma', avatarUrl: null });
    assert.equal(data.goalAmount, '1500.50');
    assert.equal(data.raisedAmount, '0.00');
    assert.equal(data.donationCount, 0);
    assert.equal(data.currency, 'USD');
    assert.equal(data.status, 'ACTIVE');
    assert.equal(data.teamId, null);
    assert.equal(data.beneficiaryName, 'Abebe Kebede');
    assert.deepEqual(data.images, []);
    assert.equal(data.category.slug, 'medical');
    assert.equal(data.location.city, 'Addis Ababa');
    assert.equal(data.location.cityAm, 'አዲስ አበባ');
    assert.ok(!Number.isNaN(Date.parse(data.createdAt)) && !Number.isNaN(Date.parse(data.updatedAt)));
    const stored = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: data.id });
    assert.equal(stored.goalMinor, 150050);
    assert.equal(stored.raisedMinor, 0);

    const read = await app.client().get(`/api/fundraisers/${data.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.data, { ...data, viewerCanManage: false }, 'the same, but for a visitor who does not manage it');
  });

  it('defaults the currency to USD and takes ETB', async () => {
    const { currency: _currency, ...withoutCurrency } = valid();
    const usd = await asOrganiser.post('/api/fundraisers', withoutCurrency);
    assert.equal(usd.status, 201);
    assert.equal(usd.data.currency, 'USD');
    const etb = await asOrganiser.post('/api/fundraisers', { ...valid(), currency: 'ETB', goalAmount: '250000' });
    assert.equal(etb.data.currency, 'ETB');
    assert.equal(etb.data.goalAmount, '250000.00');
  });

  it('refuses invalid input with a message per field, in English and in Amharic, and stores nothing', async () => {
    const before = await app.orm.em.fork().count(FundraiserSchema);
    const bad = { title: 'Hi', description: ' ', goalAmount: '12.345', categoryId: 0, locationId: 'x', currency: 'EUR', extra: true };
    const { status, data } = await asOrganiser.post('/api/fundraisers', bad);
    assert.equal(status, 400);
    assert.equal(data.code, 'validation_failed');
    assert.match(data.fields.title, /at least 5 characters/);
    assert.match(data.fields.description, /required/);
    assert.match(data.fields.goalAmount, /two decimal places/);
    assert.ok(data.fields.categoryId);
    assert.ok(data.fields.locationId);
    assert.match(data.fields.currency, /USD, ETB/);
    assert.match(data.fields.extra, /not expected/);

    asOrganiser.lang = 'am';
    try {
      const amharic = await asOrganiser.post('/api/fundraisers', bad);
      assert.equal(amharic.status, 400);
      for (const field of ['title', 'description', 'goalAmount', 'currency']) {
        assert.match(amharic.data.fields[field], /[\u1200-\u137F]/, `${field} in Amharic`);
      }
      assert.match(amharic.data.message, /[\u1200-\u137F]/);
    } finally {
      asOrganiser.lang = 'en';
    }

    const tooLong = await asOrganiser.post('/api/fundraisers', { ...valid(), title: 'x'.repeat(121), description: 'y'.repeat(10_001) });
    assert.match(tooLong.data.fields.title, /at most 120/);
    assert.match(tooLong.data.fields.description, /at most 10000/);
    const zero = await asOrganiser.post('/api/fundraisers', { ...valid(), goalAmount: '0' });
    assert.match(zero.data.fields.goalAmount, /more than 0/);
    const huge = await asOrganiser.post('/api/fundraisers', { ...valid(), goalAmount: '10000000.01' });
    assert.match(huge.data.fields.goalAmount, /at most 10,000,000/);
    const float = await asOrganiser.post('/api/fundraisers', { ...valid(), goalAmount: 0.1 + 0.2 });
    assert.match(float.data.fields.goalAmount, /two decimal places/);
    const missing = await asOrganiser.post('/api/fundraisers', {});
    for (const field of ['title', 'description', 'goalAmount', 'categoryId', 'locationId']) assert.match(missing.data.fields[field], /required/, field);

    const unknown = await asOrganiser.post('/api/fundraisers', { ...valid(), categoryId: 999_999, locationId: 999_999 });
    assert.equal(unknown.status, 400);
    assert.match(unknown.data.fields.categoryId, /category from the list/);
    assert.match(unknown.data.fields.locationId, /location from the list/);
    assert.equal(await app.orm.em.fork().count(FundraiserSchema), before);
  });

  it('keeps the title on one line, and the description as text with its line breaks (never HTML)', async () => {
    const { data } = await asOrganiser.post('/api/fundraisers', {
      ...valid(),
      title: '  School\nfees   for Hana  ',
      description: '<script>alert(1)</script>\r\nLine two',
    });
    assert.equal(data.title, 'School fees for Hana');
    assert.equal(data.description, '<script>alert(1)</script>\nLine two');
  });

  it('ignores a userId that is the signed-in user, refuses another one (403) and a signed-out caller (401)', async () => {
    const other = await asOrganiser.post('/api/fundraisers', { ...valid(), userId: stranger.user.id });
    assert.equal(other.status, 403);
    assert.equal(other.data.code, 'owner_mismatch');
    const anonymous = await app.client().post('/api/fundraisers', valid());
    assert.equal(anonymous.status, 401);
  });

  it('lets only the organiser or an admin edit (PUT), with per-field validation', async () => {
    const created = (await asOrganiser.post('/api/fundraisers', valid())).data;
    const path = `/api/fundraisers/${created.id}`;
    const edited = await asOrganiser.put(path, { id: created.id, title: 'Heart surgery for little Abebe', goalAmount: '2000', categoryId: educationId, locationId: bahirDarId });
    assert.equal(edited.status, 200);
    assert.equal(edited.data.title, 'Heart surgery for little Abebe');
    assert.equal(edited.data.goalAmount, '2000.00');
    assert.equal(edited.data.category.slug, 'education');
    assert.equal(edited.data.location.city, 'Bahir Dar');
    assert.equal(edited.data.description, created.description, 'what is left out stays');

    const toBirr = await asOrganiser.put(path, { currency: 'ETB' });
    assert.equal(toBirr.data.currency, 'ETB');
    assert.equal(toBirr.data.goalAmount, '2000.00');

    const invalid = await asOrganiser.put(path, { title: 'No', goalAmount: '-1', categoryId: 999_999 });
    assert.equal(invalid.status, 400);
    assert.ok(invalid.data.fields.title && invalid.data.fields.goalAmount);
    const wrongId = await asOrganiser.put(path, { id: created.id + 1000, title: 'Something else entirely' });
    assert.equal(wrongId.status, 400);
    assert.ok(wrongId.data.fields.id);

    const byStranger = await asStranger.put(path, { title: 'Hijacked fundraiser' });
    assert.equal(byStranger.status, 403);
    assert.equal(byStranger.data.code, 'not_fundraiser_manager');
    assert.equal((await app.client().put(path, { title: 'Hijacked fundraiser' })).status, 401);
    const byAdmin = await asAdmin.put(path, { title: 'Edited by the moderators' });
    assert.equal(byAdmin.status, 200);
    assert.equal((await app.client().get(path)).data.title, 'Edited by the moderators');
    assert.equal((await asOrganiser.put('/api/fundraisers/999999', { title: 'Nobody here at all' })).status, 404);
  });

  it('keeps the currency once donations exist', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user, { donationCount: 3, raisedMinor: 12_000 });
    const { status, data } = await asOrganiser.put(`/api/fundraisers/${f.id}`, { currency: 'ETB' });
    assert.equal(status, 409);
    assert.equal(data.code, 'currency_locked');
    const read = await app.client().get(`/api/fundraisers/${f.id}`);
    assert.equal(read.data.raisedAmount, '120.00');
    assert.equal(read.data.donationCount, 3);
  });

  it('moves through the lifecycle: ACTIVE → PAUSED ↔ ACTIVE → CLOSED by the organiser; no way back from CLOSED', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const path = `/api/fundraisers/${f.id}`;
    const steps: [string, number][] = [
      ['PAUSED', 200],
      ['ACTIVE', 200],
      ['PAUSED', 200],
      ['PAUSED', 200],
      ['CLOSED', 200],
      ['ACTIVE', 409],
      ['PAUSED', 409],
    ];
    for (const [status, expected] of steps) {
      const response = await asOrganiser.patch(path, { status });
      assert.equal(response.status, expected, `to ${status}`);
      if (expected === 409) assert.equal(response.data.code, 'status_change_not_allowed');
      else assert.equal(response.data.status, status);
    }
    assert.equal((await app.client().get(path)).data.status, 'CLOSED');
    const invalid = await asOrganiser.patch(path, { status: 'DELETED' });
    assert.equal(invalid.status, 400);
    assert.match(invalid.data.fields.status, /ACTIVE, PAUSED, CLOSED, SUSPENDED/);
  });

  it('leaves suspending to admins, and hides a suspended fundraiser from everybody but its organiser and admins', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const path = `/api/fundraisers/${f.id}`;
    const byOrganiser = await asOrganiser.patch(path, { status: 'SUSPENDED' });
    assert.equal(byOrganiser.status, 403);
    assert.equal(byOrganiser.data.code, 'status_admin_only');
    assert.equal((await asStranger.patch(path, { status: 'PAUSED' })).status, 403);
    assert.equal((await app.client().patch(path, { status: 'PAUSED' })).status, 401);

    assert.equal((await asAdmin.patch(path, { status: 'SUSPENDED' })).data.status, 'SUSPENDED');
    assert.equal((await app.client().get(path)).status, 404);
    assert.equal((await asStranger.get(path)).data.code, 'fundraiser_not_found');
    assert.equal((await asStranger.patch(path, { status: 'ACTIVE' })).status, 404, 'a stranger cannot tell it exists');
    assert.equal((await asOrganiser.get(path)).data.status, 'SUSPENDED');
    assert.equal((await asAdmin.get(path)).status, 200);
    const lift = await asOrganiser.patch(path, { status: 'ACTIVE' });
    assert.equal(lift.status, 403);
    assert.equal(lift.data.code, 'status_admin_only');
    const organiserDelete = await asOrganiser.delete(path);
    assert.equal(organiserDelete.status, 403, 'while suspended, it is the admins’ alone');
    assert.equal(organiserDelete.data.code, 'fundraiser_suspended');

    const other = await fakeFundraiser(app.orm, organiser.user, { status: 'SUSPENDED' });
    assert.equal((await asAdmin.patch(`/api/fundraisers/${other.id}`, { status: 'PAUSED' })).data.status, 'PAUSED');
  });

  it('tells whoever asks whether they manage it: the organiser and admins, nobody else', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const path = `/api/fundraisers/${f.id}`;
    const asks = async (client: TestClient) => (await client.get(path)).data.viewerCanManage;
    assert.deepEqual(
      [await asks(asOrganiser), await asks(asAdmin), await asks(asStranger), await asks(app.client())],
      [true, true, false, false],
    );
    // The answers to the organiser's own changes say so too.
    assert.equal((await asOrganiser.put(path, { title: 'Heart surgery for Abebe, now' })).data.viewerCanManage, true);
    assert.equal((await asAdmin.patch(path, { status: 'PAUSED' })).data.viewerCanManage, true);
  });

  it('answers 404 for an unknown fundraiser and 400 for a malformed id', async () => {
    const missing = await app.client().get('/api/fundraisers/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.data.code, 'fundraiser_not_found');
    assert.match(missing.data.message, /could not find this fundraiser/);
    const malformed = await app.client().get('/api/fundraisers/abc');
    assert.equal(malformed.status, 400);
    assert.ok(malformed.data.fields.id);
  });

  it('deletes a fundraiser without donations, with its updates; closes one with donations instead', async () => {
    const plain = (await asOrganiser.post('/api/fundraisers', valid())).data;
    await asOrganiser.post(`/api/fundraisers/${plain.id}/updates`, { content: 'Thank you all!' });
    assert.equal((await asStranger.delete(`/api/fundraisers/${plain.id}`)).status, 403);
    assert.equal((await app.client().delete(`/api/fundraisers/${plain.id}`)).status, 401);
    const deleted = await asOrganiser.delete(`/api/fundraisers/${plain.id}`);
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.data, { outcome: 'deleted' });
    assert.equal((await app.client().get(`/api/fundraisers/${plain.id}`)).status, 404);
    assert.equal(await app.orm.em.fork().count(FundraiserUpdateSchema, { fundraiser: plain.id }), 0);

    const funded = await fakeFundraiser(app.orm, organiser.user, { donationCount: 2, raisedMinor: 5_000 });
    const closed = await asOrganiser.delete(`/api/fundraisers/${funded.id}`);
    assert.equal(closed.status, 200);
    assert.equal(closed.data.outcome, 'closed');
    assert.equal(closed.data.fundraiser.status, 'CLOSED');
    const stored = await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: funded.id });
    assert.equal(stored.status, 'CLOSED');
    assert.equal(stored.raisedMinor, 5_000, 'money records stay');

    const byAdmin = await fakeFundraiser(app.orm, organiser.user);
    assert.deepEqual((await asAdmin.delete(`/api/fundraisers/${byAdmin.id}`)).data, { outcome: 'deleted' });

    const suspendedWithMoney = await fakeFundraiser(app.orm, organiser.user, { status: 'SUSPENDED', donationCount: 1, raisedMinor: 100 });
    const dodge = await asOrganiser.delete(`/api/fundraisers/${suspendedWithMoney.id}`);
    assert.equal(dodge.status, 403, 'closing must not lift a suspension');
    assert.equal((await app.orm.em.fork().findOneOrFail(FundraiserSchema, { id: suspendedWithMoney.id })).status, 'SUSPENDED');
  });

  it('limits how many fundraisers one user starts in an hour', async () => {
    const busy = await fakeUser(app.orm);
    const client = app.client();
    await signIn(client, busy);
    for (let i = 0; i < 10; i += 1) assert.equal((await client.post('/api/fundraisers', valid())).status, 201);
    const limited = await client.post('/api/fundraisers', valid());
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });
});

describe('fundraiser updates API', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;
  let asStranger: TestClient;
  let asAdmin: TestClient;

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm, { firstName: 'Meron', lastName: 'Tesfaye' });
    asOrganiser = app.client();
    asStranger = app.client();
    asAdmin = app.client();
    await signIn(asOrganiser, organiser);
    await signIn(asStranger, await fakeUser(app.orm));
    await signIn(asAdmin, await fakeUser(app.orm, { admin: true }));
  });
  after(() => app.close());

  it('lets the organiser post updates, lists them newest first, and lets the organiser delete one', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const path = `/api/fundraisers/${f.id}/updates`;
    const first = await asOrganiser.post(path, { content: 'We reached half of the goal.\nThank you!' });
    assert.equal(first.status, 201);
    assert.equal(first.data.content, 'We reached half of the goal.\nThank you!');
    assert.deepEqual(first.data.author, { id: organiser.user.id, name: 'Meron Tesfaye' });
    assert.equal(first.data.fundraiserId, f.id);
    const second = await asOrganiser.post(path, { content: 'ቀዶ ሕክምናው በሰላም ተጠናቀቀ። እናመሰግናለን!' });

    const list = await app.client().get(path);
    assert.equal(list.status, 200);
    assert.deepEqual(list.data.content.map((u: { id: number }) => u.id), [second.data.id, first.data.id]);
    assert.equal(list.data.totalElements, 2);
    assert.equal(list.data.totalPages, 1);
    const paged = await app.client().get(`${path}?page=1&size=1`);
    assert.deepEqual(paged.data.content.map((u: { id: number }) => u.id), [first.data.id]);

    assert.equal((await asOrganiser.delete(`${path}/${first.data.id}`)).status, 204);
    assert.deepEqual((await app.client().get(path)).data.content.map((u: { id: number }) => u.id), [second.data.id]);
    const again = await asOrganiser.delete(`${path}/${first.data.id}`);
    assert.equal(again.status, 404);
    assert.equal(again.data.code, 'update_not_found');
  });

  it('refuses updates from anybody but the organiser or an admin, empty ones, and ones on another fundraiser', async () => {
    const f = await fakeFundraiser(app.orm, organiser.user);
    const path = `/api/fundraisers/${f.id}/updates`;
    const byStranger = await asStranger.post(path, { content: 'Spam' });
    assert.equal(byStranger.status, 403);
    assert.equal(byStranger.data.code, 'not_fundraiser_manager');
    assert.equal((await app.client().post(path, { content: 'Spam' })).status, 401);
    const empty = await asOrganiser.post(path, { content: '   ' });
    assert.equal(empty.status, 400);
    assert.match(empty.data.fields.content, /required/);
    const tooLong = await asOrganiser.post(path, { content: 'x'.repeat(5001) });
    assert.match(tooLong.data.fields.content, /at most 5000/);

    const update = (await asOrganiser.post(path, { content: 'Real news' })).data;
    assert.equal((await asStranger.delete(`${path}/${update.id}`)).status, 403);
    assert.equal((await app.client().delete(`${path}/${update.id}`)).status, 401);
    const other = await fakeFundraiser(app.orm, organiser.user);
    assert.equal((await asOrganiser.delete(`/api/fundraisers/${other.id}/updates/${update.id}`)).status, 404, 'the update belongs to another fundraiser');
    assert.equal((await asAdmin.delete(`${path}/${update.id}`)).status, 204, 'moderation');

    const suspended = await fakeFundraiser(app.orm, organiser.user, { status: 'SUSPENDED' });
    assert.equal((await app.client().get(`/api/fundraisers/${suspended.id}/updates`)).status, 404);
    assert.equal((await asOrganiser.get(`/api/fundraisers/${suspended.id}/updates`)).status, 200);
  });
});
