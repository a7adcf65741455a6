import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { fakeUser, signIn } from '../../tests/helpers/accounts.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { MediaSchema, type MediaEntityType } from '../media/index.ts';
import { UserSchema, type User } from './index.ts';

describe('profiles', () => {
  let app: TestApp;
  let addis: { id: number; city: string };
  before(async () => {
    app = await startTestApp();
    addis = (await app.client().get('/api/locations')).data.find((l: { city: string }) => l.city === 'Addis Ababa');
  });
  after(() => app.close());

  /** A media row as an upload leaves it (the files do not matter here). */
  async function image(owner: User, entityType: MediaEntityType, entityId: number): Promise<number> {
    const em = app.orm.em.fork();
    const row = em.create(MediaSchema, { storageKey: randomBytes(16).toString('hex'), entityType, entityId, owner: owner.id, width: 400, height: 400 });
    await em.flush();
    return row.id;
  }

  it('answers 401 when signed out', async () => {
    const { user } = await fakeUser(app.orm);
    const client = app.client();
    assert.equal((await client.get(`/api/auth/users/${user.id}`)).status, 401);
    const put = await client.request('PUT', `/api/auth/users/${user.id}`, { json: { firstName: 'X' } });
    assert.equal(put.status, 401);
    assert.equal(put.data.code, 'unauthorized');
  });

  it('lets a user read and change their own profile', async () => {
    const me = await fakeUser(app.orm, { firstName: 'Tigist', lastName: 'Mekonnen' });
    const browser = app.client();
    await signIn(browser, me);
    const avatar = await image(me.user, 'USER', me.user.id);
    const read = await browser.get(`/api/auth/users/${me.user.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.data.firstName, 'Tigist');
    assert.doesNotMatch(read.text, /argon2|passwordHash|googleSubject/);

    const changes = {
      id: me.user.id,
      firstName: 'ትዕግሥት',
      lastName: 'መኮንን',
      phone: '+251 911 234 567',
      bio: 'Nurse in Addis Ababa, raising funds for a community clinic.',
      locationId: addis.id,
      language: 'am',
      avatarMediaId: avatar,
    };
    const put = await browser.request('PUT', `/api/auth/users/${me.user.id}`, { json: changes });
    assert.equal(put.status, 200);
    assert.equal(put.data.firstName, 'ትዕግሥት');
    assert.equal(put.data.lastName, 'መኮንን');
    assert.equal(put.data.phone, '+251 911 234 567');
    assert.equal(put.data.bio, changes.bio);
    assert.equal(put.data.locationId, addis.id);
    assert.equal(put.data.location.city, 'Addis Ababa');
    assert.equal(put.data.location.cityAm, 'አዲስ አበባ');
    assert.equal(put.data.language, 'am');
    assert.equal(put.data.avatarMediaId, avatar);

    const again = await browser.get(`/api/auth/users/${me.user.id}`);
    assert.deepEqual(again.data, put.data, 'the change was stored');

    // Clearing optional fields, and a partial update leaves the rest alone.
    const cleared = await browser.request('PUT', `/api/auth/users/${me.user.id}`, { json: { phone: '', bio: null, locationId: null, avatarMediaId: null } });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.data.phone, null);
    assert.equal(cleared.data.bio, null);
    assert.equal(cleared.data.location, null);
    assert.equal(cleared.data.avatarMediaId, null);
    assert.equal(cleared.data.firstName, 'ትዕግሥት');
  });

  it('refuses fields a user may not set, and invalid values, with per-field messages', async () => {
    const me = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, me);
    const path = `/api/auth/users/${me.user.id}`;
    const sneaky = await browser.request('PUT', path, { json: { admin: true, email: 'other@example.com', emailVerified: true, passwordHash: 'x' } });
    assert.equal(sneaky.status, 400);
    for (const field of ['admin', 'email', 'emailVerified', 'passwordHash']) assert.match(sneaky.data.fields[field], /not expected/);
    const stored = await app.orm.em.fork().findOneOrFail(UserSchema, { id: me.user.id });
    assert.equal(stored.admin, false);
    assert.equal(stored.email, me.email);

    const invalid = await browser.request('PUT', path, {
      json: { firstName: '', phone: 'call me', locationId: 999999, language: 'fr', avatarMediaId: 'abc', bio: 'x'.repeat(2001) },
    });
    assert.equal(invalid.status, 400);
    assert.ok(invalid.data.fields.firstName);
    assert.ok(invalid.data.fields.phone);
    assert.ok(invalid.data.fields.language);
    assert.ok(invalid.data.fields.avatarMediaId);
    assert.ok(invalid.data.fields.bio);

    const unknownLocation = await browser.request('PUT', path, { json: { locationId: 999999 } });
    assert.equal(unknownLocation.status, 400);
    assert.match(unknownLocation.data.fields.locationId, /from the list/);

    const mismatch = await browser.request('PUT', path, { json: { id: me.user.id + 1, firstName: 'Abebe' } });
    assert.equal(mismatch.status, 400);
    assert.ok(mismatch.data.fields.id);
  });

  it('takes as avatar only an image the user uploaded as their own avatar, with a message on the field in either language', async () => {
    const me = await fakeUser(app.orm);
    const other = await fakeUser(app.orm);
    const own = await image(me.user, 'USER', me.user.id);
    const refused = {
      'someone else’s avatar': await image(other.user, 'USER', other.user.id),
      'a fundraiser’s photo the user uploaded': await image(me.user, 'FUNDRAISER', 1),
      'an image for the user put there by somebody else': await image(other.user, 'USER', me.user.id),
      'an image that does not exist': 999_999,
    };
    const browser = app.client();
    await signIn(browser, me);
    const path = `/api/auth/users/${me.user.id}`;
    for (const [what, id] of Object.entries(refused)) {
      const response = await browser.request('PUT', path, { json: { avatarMediaId: id, firstName: 'Changed' } });
      assert.equal(response.status, 400, what);
      assert.equal(response.data.code, 'validation_failed', what);
      assert.match(response.data.fields.avatarMediaId, /picture you uploaded/, what);
    }
    browser.lang = 'am';
    const amharic = await browser.request('PUT', path, { json: { avatarMediaId: refused['someone else’s avatar'] } });
    assert.equal(amharic.status, 400);
    assert.match(amharic.data.fields.avatarMediaId, /የመገለጫ ፎቶ/);

    const stored = await app.orm.em.fork().findOneOrFail(UserSchema, { id: me.user.id });
    assert.equal(stored.avatarMediaId, null, 'nothing refused was stored');
    assert.equal(stored.firstName, me.user.firstName, 'nor anything sent with it');
    const accepted = await browser.request('PUT', path, { json: { avatarMediaId: own } });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.data.avatarMediaId, own);

    // An admin editing someone sets that person's own image, not one of the admin's.
    const admin = await fakeUser(app.orm, { admin: true });
    const adminBrowser = app.client();
    await signIn(adminBrowser, admin);
    const adminsOwn = await image(admin.user, 'USER', admin.user.id);
    assert.equal((await adminBrowser.request('PUT', path, { json: { avatarMediaId: adminsOwn } })).status, 400);
    assert.equal((await adminBrowser.request('PUT', path, { json: { avatarMediaId: null } })).status, 200);
    assert.equal((await adminBrowser.request('PUT', path, { json: { avatarMediaId: own } })).status, 200);
  });

  it('answers the profile photo’s address once it is set, wherever the signed-in user is answered', async () => {
    const me = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, me);
    const path = `/api/auth/users/${me.user.id}`;
    const avatarUrls = async () => [(await browser.get(path)).data.avatarUrl, (await browser.get('/api/auth/status')).data.user.avatarUrl];
    assert.deepEqual(await avatarUrls(), [null, null], 'initials until there is a photo');

    // As the edit-profile screen does it: upload, then save the image as the avatar.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ad1457' } }).jpeg().toBuffer();
    const upload = new FormData();
    upload.append('entityType', 'USER');
    upload.append('entityId', String(me.user.id));
    upload.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const uploaded = await browser.upload('/api/media/upload', upload);
    assert.equal(uploaded.status, 201);
    const saved = await browser.request('PUT', path, { json: { id: me.user.id, avatarMediaId: uploaded.data.id } });
    assert.equal(saved.status, 200);
    assert.equal(saved.data.avatarUrl, uploaded.data.thumbnailUrl);
    assert.match(saved.data.avatarUrl, /^\/media\/[0-9a-f]{32}-400\.webp$/, 'the small, square rendition');
    assert.deepEqual(await avatarUrls(), [uploaded.data.thumbnailUrl, uploaded.data.thumbnailUrl]);
    const picture = await fetch(`${app.url}${saved.data.avatarUrl}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/webp');

    const cleared = await browser.request('PUT', path, { json: { avatarMediaId: null } });
    assert.equal(cleared.data.avatarUrl, null);
    assert.deepEqual(await avatarUrls(), [null, null]);
  });

  it('forbids reading or changing another user (403), without revealing whether they exist', async () => {
    const me = await fakeUser(app.orm);
    const other = await fakeUser(app.orm, { firstName: 'Private' });
    const browser = app.client();
    await signIn(browser, me);
    const read = await browser.get(`/api/auth/users/${other.user.id}`);
    assert.equal(read.status, 403);
    assert.doesNotMatch(read.text, new RegExp(other.email));
    const put = await browser.request('PUT', `/api/auth/users/${other.user.id}`, { json: { firstName: 'Hacked' } });
    assert.equal(put.status, 403);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { id: other.user.id })).firstName, 'Private');
    assert.equal((await browser.get('/api/auth/users/999999')).status, 403);
  });

  it('lets an admin read and change any user; 404 for an unknown one', async () => {
    const admin = await fakeUser(app.orm, { admin: true });
    const other = await fakeUser(app.orm, { firstName: 'Yonas' });
    const browser = app.client();
    await signIn(browser, admin);
    const read = await browser.get(`/api/auth/users/${other.user.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.data.email, other.email);
    assert.doesNotMatch(read.text, /argon2|passwordHash/);
    const put = await browser.request('PUT', `/api/auth/users/${other.user.id}`, { json: { firstName: 'Yonatan' } });
    assert.equal(put.status, 200);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { id: other.user.id })).firstName, 'Yonatan');
    const missing = await browser.get('/api/auth/users/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.data.code, 'user_not_found');
  });

  it('answers 400 for a malformed id', async () => {
    const me = await fakeUser(app.orm);
    const browser = app.client();
    await signIn(browser, me);
    assert.equal((await browser.get('/api/auth/users/abc')).status, 400);
  });
});
