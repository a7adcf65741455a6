import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { fakeUser, signIn, type FakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { conditionalGetStatus, type TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { UserSchema } from '../accounts/index.ts';
import { MediaSchema, mediaMessages } from './index.ts';
import { mediaErrorCodes } from './media.errors.ts';

/** A phone-like JPEG: lying on its side (EXIF orientation 6), with a camera make and a GPS position. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86c1' } })
    .composite([{ input: { create: { width: 320, height: 240, channels: 3, background: '#f1c40f' } }, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneCo', Model: 'Selfie 9 Pro' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 1/1 4800/100', GPSLongitudeRef: 'E', GPSLongitude: '38/1 45/1 0/1' },
    })
    .toBuffer();
}

/** The number of entries in the GPS directory of a JPEG's EXIF (0 when there is none): a small TIFF reader. */
function gpsEntries(exif: Buffer | undefined): number {
  if (!exif) return 0;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i += 1) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) === 0x8825) return u16(u32(entry + 8));
  }
  return 0;
}

/** A PNG whose header claims `width`×`height` pixels: the decompression-bomb shape, without the bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0, 0, 0, 0, 1])), chunk('IEND', Buffer.alloc(0))]);
}

function form(fields: Record<string, string | number>, file?: { bytes: Buffer; name?: string; type?: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name ?? 'image.jpg');
  return data;
}

describe('media API', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let asOrganiser: TestClient;
  let asStranger: TestClient;
  let asAdmin: TestClient;
  let fundraiserId: number;
  let photo: Buffer;
  const files = () => readdirSync(app.mediaDir).sort();

  before(async () => {
    app = await startTestApp();
    organiser = await fakeUser(app.orm, { firstName: 'Tigist', lastName: 'Haile' });
    asOrganiser = app.client();
    asStranger = app.client();
    asAdmin = app.client();
    await signIn(asOrganiser, organiser);
    await signIn(asStranger, await fakeUser(app.orm));
    await signIn(asAdmin, await fakeUser(app.orm, { admin: true }));
    fundraiserId = (await fakeFundraiser(app.orm, organiser.user)).id;
    photo = await phoneJpeg();
  });
  after(() => app.close());

  it('has a message for every error code it answers with, in its own catalogue, in both languages', () => {
    for (const code of mediaErrorCodes) {
      assert.ok(Object.hasOwn(mediaMessages.en, code), `${code} in the module's catalogue`);
      assert.match(mediaMessages.am[code], /[\u1200-\u137F]/, `${code} in Amharic`);
      assert.notEqual(mediaMessages.am[code], mediaMessages.en[code], code);
    }
  });

  it('stores an upright WebP rendition and a 4:3 thumbnail, with no EXIF and no GPS position left', async () => {
    const input = await sharp(photo).metadata();
    assert.equal(input.orientation, 6, 'the fixture lies on its side');
    assert.ok(gpsEntries(input.exif) >= 4, 'the fixture carries a GPS position');
    assert.ok(photo.includes('PhoneCo'));

    const { status, data } = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: photo }));
    assert.equal(status, 201, JSON.stringify(data));
    assert.deepEqual(Object.keys(data).sort(), ['id', 'thumbnailUrl', 'url']);
    assert.match(data.url, /^\/media\/[0-9a-f]{32}-1200\.webp$/);
    assert.match(data.thumbnailUrl, /^\/media\/[0-9a-f]{32}-400\.webp$/);
    assert.deepEqual(files(), [data.url, data.thumbnailUrl].map((u: string) => u.slice('/media/'.length)).sort());

    for (const url of [data.url, data.thumbnailUrl]) {
      const stored = readFileSync(join(app.mediaDir, url.slice('/media/'.length)));
      const meta = await sharp(stored).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.exif, undefined, 'no EXIF');
      assert.equal(meta.xmp, undefined, 'no XMP');
      assert.equal(meta.icc, undefined, 'no ICC profile');
      assert.ok(!stored.includes('EXIF') && !stored.includes('Exif') && !stored.includes('PhoneCo') && !stored.includes('GPS'), 'no metadata bytes at all');
      assert.ok(!meta.orientation || meta.orientation === 1);
    }
    const large = await sharp(readFileSync(join(app.mediaDir, data.url.slice('/media/'.length)))).metadata();
    assert.deepEqual([large.width, large.height], [480, 640], 'turned upright, not enlarged');
    const small = await sharp(readFileSync(join(app.mediaDir, data.thumbnailUrl.slice('/media/'.length)))).metadata();
    assert.deepEqual([small.width, small.height], [400, 300]);

    const fundraiser = (await app.client().get(`/api/fundraisers/${fundraiserId}`)).data;
    assert.deepEqual(fundraiser.images, [data]);
    const card = (await app.client().get('/api/fundraisers?size=50')).data.content.find((f: { id: number }) => f.id === fundraiserId);
    assert.deepEqual(card.image, data);
    assert.deepEqual((await app.client().get(`/api/media/${data.id}`)).data, data);
  });

  it('serves renditions with long cache headers and nosniff; nothing else under /media/', async () => {
    const { data } = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: photo }));
    const response = await fetch(app.url + data.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/webp');
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.getSetCookie().length, 0, 'no cookie, so caches keep it');
    const body = Buffer.from(await response.arrayBuffer());
    assert.deepEqual(body, readFileSync(join(app.mediaDir, data.url.slice('/media/'.length))));
    const etag = response.headers.get('etag')!;
    const revalidated = await conditionalGetStatus(app.url + data.url, etag);
    assert.equal(revalidated, 304);
    const head = await fetch(app.url + data.thumbnailUrl, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(Number(head.headers.get('content-length')), readFileSync(join(app.mediaDir, data.thumbnailUrl.slice('/media/'.length))).length);

    const key = data.url.slice('/media/'.length, '/media/'.length + 32);
    for (const path of ['/media/', '/media', `/media/${key}-800.webp`, `/media/${key}-1200.png`, '/media/../package.json', '/media/%2e%2e/package.json', '/media/..%2Fpackage.json', `/media/${'0'.repeat(32)}-1200.webp`]) {
      const missing = await fetch(app.url + path, { headers: { Accept: 'application/json' } });
      assert.equal(missing.status, 404, path);
      assert.notEqual(missing.headers.get('content-type'), 'image/webp', path);
    }
  });

  it('accepts PNG and WebP by their content, whatever the name and declared type', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const webp = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#8e44ad' } }).webp().toBuffer();
    for (const [bytes, name] of [[png, 'notes.txt'], [webp, 'photo.jpg']] as const) {
      const { status, data } = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes, name, type: 'text/plain' }));
      assert.equal(status, 201, name);
      const large = await sharp(readFileSync(join(app.mediaDir, data.url.slice('/media/'.length)))).metadata();
      assert.equal(large.format, 'webp');
      if (bytes === webp) assert.deepEqual([large.width, large.height], [1200, 600], 'shrunk to 1200 wide');
    }
  });

  it('refuses what is not a JPEG, PNG or WebP by content (a text file named .jpg, SVG, GIF, a damaged JPEG), leaving nothing on disk', async () => {
    const before = files();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    const cases: [string, Buffer, string, string][] = [
      ['text named .jpg', Buffer.from('This is not an image, just text.\n'), 'image.jpg', 'image_unsupported'],
      ['svg named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image.png', 'image_unsupported'],
      ['gif', gif, 'image.gif', 'image_unsupported'],
      ['html', Buffer.from('<!doctype html><title>x</title>'), 'image.webp', 'image_unsupported'],
      ['damaged jpeg', Buffer.concat([photo.subarray(0, 4), Buffer.alloc(2000, 7)]), 'image.jpg', 'image_unreadable'],
    ];
    for (const [what, bytes, name, code] of cases) {
      const { status, data } = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes, name, type: 'image/jpeg' }));
      assert.equal(status, 400, what);
      assert.equal(data.code, code, what);
      assert.ok(data.message.length > 10, what);
    }
    asOrganiser.lang = 'am';
    const amharic = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: Buffer.from('text'), name: 'image.jpg' }));
    asOrganiser.lang = 'en';
    assert.match(amharic.data.message, /[\u1200-\u137F]/);
    assert.deepEqual(files(), before);
  });

  it('refuses an image whose header claims more than 50 megapixels before decoding it', async () => {
    const before = files();
    const { status, data } = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: pngClaiming(10_000, 10_000), name: 'bomb.png' }));
    assert.equal(status, 400);
    assert.equal(data.code, 'image_too_many_pixels');
    assert.match(data.message, /50 megapixels/);
    assert.deepEqual(files(), before);
  });

  it('answers 413 for a file over 10 MB, stopping at the limit, and leaves nothing on disk', async () => {
    const before = files();
    const big = Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024 + 1 - photo.length, 1)]);
    const { status, data, headers } = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: big }));
    assert.equal(status, 413);
    assert.equal(data.code, 'image_too_large');
    assert.match(data.message, /10 MB/);
    assert.equal(headers.get('connection'), 'close');
    assert.deepEqual(files(), before);

    // Exactly at the limit is still read (and judged on its content).
    const atLimit = Buffer.concat([photo.subarray(0, 4), Buffer.alloc(10 * 1024 * 1024 - 4, 1)]);
    const fits = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: atLimit }));
    assert.equal(fits.status, 400);
    assert.equal(fits.data.code, 'image_unreadable');
  });

  it('refuses a request that declares a huge body before reading any of it', async () => {
    const cookie = [...asOrganiser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${app.url}/api/media/upload`, {
        method: 'POST',
        headers: {
          'Content-Type': 'multipart/form-data; boundary=xyz',
          'Content-Length': String(200 * 1024 * 1024),
          Cookie: cookie,
          'X-XSRF-TOKEN': asOrganiser.cookies.get('XSRF-TOKEN')!,
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.flushHeaders();
      // Only a few bytes of the 200 MB are ever sent.
      req.write('--xyz\r\n');
    });
    assert.equal(answer.status, 413);
    assert.equal(JSON.parse(answer.body).code, 'image_too_large');
  });

  it('validates the form: fields per name, a missing file, a JSON body, a broken multipart body', async () => {
    const bad = await asOrganiser.upload('/api/media/upload', form({ entityType: 'COMMENT', entityId: 'abc' }, { bytes: photo }));
    assert.equal(bad.status, 400);
    assert.match(bad.data.fields.entityType, /FUNDRAISER, USER/);
    assert.ok(bad.data.fields.entityId);
    const noFile = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }));
    assert.equal(noFile.status, 400);
    assert.match(noFile.data.fields.file, /Choose an image/);
    const json = await asOrganiser.post('/api/media/upload', { entityType: 'FUNDRAISER', entityId: fundraiserId });
    assert.equal(json.status, 415);
    assert.equal(json.data.code, 'multipart_required');
    const broken = await asOrganiser.request('POST', '/api/media/upload', { body: 'garbage', headers: { 'Content-Type': 'multipart/form-data' } });
    assert.equal(broken.status, 400);
    assert.equal(broken.data.code, 'upload_malformed');
  });

  it('lets only the organiser (or an admin) add images; strangers 403, signed-out 401, unknown fundraiser 404, no XSRF 403', async () => {
    const before = files();
    const upload = (client: TestClient, entityId = fundraiserId) => client.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId }, { bytes: photo }));
    const byStranger = await upload(asStranger);
    assert.equal(byStranger.status, 403);
    assert.equal(byStranger.data.code, 'not_fundraiser_manager');
    assert.equal((await upload(app.client())).status, 401);
    const unknown = await upload(asOrganiser, 999_999);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.data.code, 'fundraiser_not_found');
    const forged = await asOrganiser.request('POST', '/api/media/upload', { body: form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: photo }), xsrf: false });
    assert.equal(forged.status, 403);
    assert.equal(forged.data.code, 'xsrf_failed');
    const someoneElsesAvatar = await asStranger.upload('/api/media/upload', form({ entityType: 'USER', entityId: organiser.user.id }, { bytes: photo }));
    assert.equal(someoneElsesAvatar.status, 403);
    assert.deepEqual(files(), before);
    const byAdmin = await upload(asAdmin);
    assert.equal(byAdmin.status, 201);
    assert.equal((await asOrganiser.delete(`/api/media/${byAdmin.data.id}`)).status, 204);
  });

  it('deletes an image (rows and files) for the organiser or an admin only', async () => {
    const { data } = await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: photo }));
    const name = data.url.slice('/media/'.length);
    assert.ok(existsSync(join(app.mediaDir, name)));
    assert.equal((await asStranger.delete(`/api/media/${data.id}`)).status, 403);
    assert.equal((await app.client().delete(`/api/media/${data.id}`)).status, 401);
    assert.equal((await asOrganiser.delete(`/api/media/${data.id}`)).status, 204);
    assert.ok(!existsSync(join(app.mediaDir, name)));
    assert.ok(!existsSync(join(app.mediaDir, data.thumbnailUrl.slice('/media/'.length))));
    assert.equal(await app.orm.em.fork().count(MediaSchema, { id: data.id }), 0);
    assert.equal((await fetch(app.url + data.url)).status, 404);
    const again = await asOrganiser.delete(`/api/media/${data.id}`);
    assert.equal(again.status, 404);
    assert.equal(again.data.code, 'media_not_found');

    const moderated = (await asOrganiser.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: fundraiserId }, { bytes: photo }))).data;
    assert.equal((await asAdmin.delete(`/api/media/${moderated.id}`)).status, 204);
  });

  it('keeps at most 10 images per fundraiser', async () => {
    const owner = await fakeUser(app.orm);
    const client = app.client();
    await signIn(client, owner);
    const f = await fakeFundraiser(app.orm, owner.user);
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#e67e22' } }).jpeg().toBuffer();
    for (let i = 0; i < 10; i += 1) assert.equal((await client.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: f.id }, { bytes: small }))).status, 201);
    const eleventh = await client.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: f.id }, { bytes: small }));
    assert.equal(eleventh.status, 409);
    assert.equal(eleventh.data.code, 'image_limit_reached');
    assert.match(eleventh.data.message, /at most 10 images/);
    const images = (await app.client().get(`/api/fundraisers/${f.id}`)).data.images;
    assert.equal(images.length, 10);

    // Deleting the fundraiser deletes its images' files too.
    const names = images.flatMap((image: { url: string; thumbnailUrl: string }) => [image.url, image.thumbnailUrl].map((u) => u.slice('/media/'.length)));
    assert.ok(names.every((n: string) => existsSync(join(app.mediaDir, n))));
    assert.deepEqual((await client.delete(`/api/fundraisers/${f.id}`)).data, { outcome: 'deleted' });
    assert.ok(names.every((n: string) => !existsSync(join(app.mediaDir, n))));
    assert.equal(await app.orm.em.fork().count(MediaSchema, { entityType: 'FUNDRAISER', entityId: f.id }), 0);
  });

  it('holds the cap of 10 images under 20 concurrent uploads: exactly 10 stored, the rest 409, no stray files', async () => {
    const owner = await fakeUser(app.orm);
    const client = app.client();
    await signIn(client, owner);
    const f = await fakeFundraiser(app.orm, owner.user);
    const before = files();
    const pictures = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: i * 12, g: 90, b: 200 - i * 8 } } }).jpeg().toBuffer()),
    );
    const answers = await Promise.all(pictures.map((bytes) => client.upload('/api/media/upload', form({ entityType: 'FUNDRAISER', entityId: f.id }, { bytes }))));
    const stored = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    assert.equal(stored.length, 10, answers.map((a) => a.status).join(' '));
    assert.ok(refused.every((a) => a.status === 409 && a.data.code === 'image_limit_reached'), refused.map((a) => `${a.status} ${a.data?.code}`).join(', '));
    assert.equal(await app.orm.em.fork().count(MediaSchema, { entityType: 'FUNDRAISER', entityId: f.id }), 10);
    const added = files().filter((name) => !before.includes(name));
    const expected = stored.flatMap((a) => [a.data.url, a.data.thumbnailUrl].map((u: string) => u.slice('/media/'.length)));
    assert.deepEqual(added, expected.sort(), 'the files of refused uploads are gone');
  });

  it('sets a user’s own avatar (square thumbnail), replacing the previous one, shown as the organiser’s picture', async () => {
    const first = await asOrganiser.upload('/api/media/upload', form({ entityType: 'USER', entityId: organiser.user.id }, { bytes: photo }));
    assert.equal(first.status, 201);
    const thumb = await sharp(readFileSync(join(app.mediaDir, first.data.thumbnailUrl.slice('/media/'.length)))).metadata();
    assert.deepEqual([thumb.width, thumb.height], [400, 400]);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { id: organiser.user.id })).avatarMediaId, first.data.id);

    const second = await asOrganiser.upload('/api/media/upload', form({ entityType: 'USER', entityId: organiser.user.id }, { bytes: photo }));
    assert.equal(second.status, 201);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { id: organiser.user.id })).avatarMediaId, second.data.id);
    assert.ok(!existsSync(join(app.mediaDir, first.data.url.slice('/media/'.length))), 'the old avatar is gone');
    assert.equal((await app.client().get(`/api/media/${first.data.id}`)).status, 404);
    assert.equal((await app.client().get(`/api/fundraisers/${fundraiserId}`)).data.owner.avatarUrl, second.data.thumbnailUrl);

    assert.equal((await asOrganiser.delete(`/api/media/${second.data.id}`)).status, 204);
    assert.equal((await app.orm.em.fork().findOneOrFail(UserSchema, { id: organiser.user.id })).avatarMediaId, null);
    assert.ok(!files().some((name) => name.endsWith('.tmp')), 'no temporary files');
  });
});
