import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { ConfigError, loadConfig, mediaStorageOptions } from '../../api/config.ts';
import { fakeUser, signIn } from '../../tests/helpers/accounts.ts';
import { localS3Credentials, startLocalS3, type LocalS3 } from '../../tests/helpers/local-s3.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { conditionalGetStatus, type TestClient } from '../../tests/helpers/http-client.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { s3Client, s3Storage, type S3StorageOptions } from './media.s3.ts';

const bucket = 'media-test';
const credentials = localS3Credentials;

function form(entityId: number, bytes: Buffer, entityType = 'FUNDRAISER'): FormData {
  const data = new FormData();
  data.append('entityType', entityType);
  data.append('entityId', String(entityId));
  data.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'image.jpg');
  return data;
}

/** A JPEG carrying a camera's EXIF, which no stored rendition may keep. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .withExifMerge({ IFD0: { Make: 'PhoneCo', Model: 'Selfie 9 Pro' } })
    .toBuffer();
}

const nameOf = (url: string, base: string) => {
  assert.ok(url.startsWith(`${base}/`), url);
  return url.slice(base.length + 1);
};

describe('media on S3-compatible storage', () => {
  let local: LocalS3;
  let endpoint: string;
  let s3Options: S3StorageOptions;
  let bucketClient: S3Client;
  let photo: Buffer;

  const objects = async () => ((await bucketClient.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key!).sort();
  const objectBytes = async (key: string) => Buffer.from(await (await bucketClient.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());
  const s3Env = () => local.env;

  before(async () => {
    local = await startLocalS3(bucket);
    endpoint = local.endpoint;
    const options = mediaStorageOptions(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ...s3Env() }));
    assert.equal(options.store, 's3');
    s3Options = options;
    bucketClient = s3Client(s3Options);
    photo = await cameraJpeg();
  });
  after(async () => {
    bucketClient.destroy();
    await local.close();
  });

  describe('served by the app', () => {
    let app: TestApp;
    let asOrganiser: TestClient;
    let fundraiserId: number;

    before(async () => {
      app = await startTestApp(s3Env());
      const organiser = await fakeUser(app.orm);
      asOrganiser = app.client();
      await signIn(asOrganiser, organiser);
      fundraiserId = (await fakeFundraiser(app.orm, organiser.user)).id;
    });
    after(() => app.close());

    it('stores both renditions in the bucket, stripped and typed, and nothing in the local folder', async () => {
      const earlier = await objects();
      const refused = await asOrganiser.upload('/api/media/upload', form(fundraiserId, Buffer.from('not an image')));
      assert.equal(refused.status, 400);
      assert.equal(refused.data.code, 'image_unsupported');
      assert.deepEqual(await objects(), earlier, 'a refused upload stores nothing');

      const { status, data } = await asOrganiser.upload('/api/media/upload', form(fundraiserId, photo));
      assert.equal(status, 201);
      const large = nameOf(data.url, '/media');
      const small = nameOf(data.thumbnailUrl, '/media');
      assert.deepEqual(await objects(), [...earlier, large, small].sort());
      assert.deepEqual(readdirSync(app.mediaDir), []);
      for (const key of [large, small]) {
        const head = await bucketClient.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        assert.equal(head.ContentType, 'image/webp');
        assert.equal(head.CacheControl, 'public, max-age=31536000, immutable');
        const stored = await sharp(await objectBytes(key)).metadata();
        assert.equal(stored.format, 'webp');
        assert.equal(stored.exif, undefined, `${key} keeps no EXIF`);
      }
      const [largeSize, smallSize] = await Promise.all([large, small].map(async (key) => (await sharp(await objectBytes(key)).metadata())));
      assert.deepEqual([largeSize!.width, largeSize!.height], [1200, 900], 'the large rendition is capped at 1200 px');
      assert.deepEqual([smallSize!.width, smallSize!.height], [400, 300]);
    });

    it('serves /media/ from the bucket with the same headers as from disk; 304 on revalidation; nothing else in the bucket', async () => {
      const { data } = await asOrganiser.upload('/api/media/upload', form(fundraiserId, photo));
      const response = await fetch(app.url + data.url);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'image/webp');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('etag'), `"${nameOf(data.url, '/media')}"`);
      assert.ok(response.headers.get('last-modified'));
      const stored = await objectBytes(nameOf(data.url, '/media'));
      assert.equal(Number(response.headers.get('content-length')), stored.length);
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), stored);

      const revalidated = await conditionalGetStatus(app.url + data.url, response.headers.get('etag')!);
      assert.equal(revalidated, 304);
      const head = await fetch(app.url + data.thumbnailUrl, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(Number(head.headers.get('content-length')), (await objectBytes(nameOf(data.thumbnailUrl, '/media'))).length);

      await bucketClient.send(new PutObjectCommand({ Bucket: bucket, Key: 'notes.txt', Body: 'not for visitors' }));
      const key = nameOf(data.url, '/media').slice(0, 32);
      for (const path of [`/media/${'0'.repeat(32)}-1200.webp`, `/media/${key}-800.webp`, `/media/${key}-1200.png`, '/media/notes.txt', '/media/../notes.txt', '/media/%2e%2e/notes.txt']) {
        const missing = await fetch(app.url + path, { headers: { Accept: 'application/json' } });
        assert.equal(missing.status, 404, path);
        assert.notEqual(missing.headers.get('content-type'), 'image/webp', path);
      }
    });

    it('deletes both objects with the image, and every image of a deleted fundraiser', async () => {
      const { data } = await asOrganiser.upload('/api/media/upload', form(fundraiserId, photo));
      const names = [nameOf(data.url, '/media'), nameOf(data.thumbnailUrl, '/media')];
      assert.equal((await asOrganiser.delete(`/api/media/${data.id}`)).status, 204);
      assert.deepEqual((await objects()).filter((key) => names.includes(key)), []);
      assert.equal((await fetch(app.url + data.url)).status, 404);

      const images = await Promise.all([1, 2].map(async () => (await asOrganiser.upload('/api/media/upload', form(fundraiserId, photo))).data));
      const gallery = images.flatMap((image) => [nameOf(image.url, '/media'), nameOf(image.thumbnailUrl, '/media')]);
      assert.equal((await objects()).filter((key) => gallery.includes(key)).length, 4);
      assert.deepEqual((await asOrganiser.delete(`/api/fundraisers/${fundraiserId}`)).data, { outcome: 'deleted' });
      assert.deepEqual((await objects()).filter((key) => gallery.includes(key)), []);
    });
  });

  it('writes both renditions or neither: a refused second put takes the first away again', async () => {
    const client = s3Client(s3Options);
    const send = client.send.bind(client);
    const stored: string[] = [];
    // The small rendition goes to a bucket that does not exist, so the server itself refuses it.
    client.send = (async (command: Parameters<typeof send>[0]) => {
      if (command instanceof PutObjectCommand && command.input.Key?.endsWith('-400.webp')) return send(new PutObjectCommand({ ...command.input, Bucket: 'no-such-bucket' }));
      const answer = await send(command);
      if (command instanceof PutObjectCommand) stored.push(command.input.Key!);
      return answer;
    }) as typeof client.send;
    const storage = s3Storage(client, { bucket, publicBase: '/media' });
    const key = 'a'.repeat(32);
    await assert.rejects(storage.write(key, { large: Buffer.from('large'), small: Buffer.from('small'), width: 1200, height: 900 }), { name: 'NoSuchBucket' });
    assert.deepEqual(stored, [`${key}-1200.webp`], 'the first put had landed');
    assert.deepEqual((await objects()).filter((name) => name.startsWith(key)), []);
    assert.equal(await storage.stat(key, 'large'), null);
    client.destroy();
  });

  describe('behind a public address', () => {
    const publicUrl = 'https://cdn.example.org/fundraise';
    let app: TestApp;

    before(async () => {
      app = await startTestApp({ ...s3Env(), S3_PUBLIC_URL: `${publicUrl}/` });
    });
    after(() => app.close());

    it('answers media URLs under S3_PUBLIC_URL, each the object of that name; /media/ still works', async () => {
      const organiser = await fakeUser(app.orm);
      const client = app.client();
      await signIn(client, organiser);
      const fundraiser = await fakeFundraiser(app.orm, organiser.user);
      const { status, data } = await client.upload('/api/media/upload', form(fundraiser.id, photo));
      assert.equal(status, 201);
      const names = [nameOf(data.url, publicUrl), nameOf(data.thumbnailUrl, publicUrl)];
      assert.deepEqual((await objects()).filter((key) => names.includes(key)), names.sort());
      assert.deepEqual((await app.client().get(`/api/media/${data.id}`)).data, data);
      assert.deepEqual((await app.client().get(`/api/fundraisers/${fundraiser.id}`)).data.images, [data]);

      // Pages and answers cached before the switch keep working: the app still serves its own address.
      assert.equal((await fetch(`${app.url}/media/${names[0]}`)).status, 200);
    });
  });

  it('imports the AWS SDK on the first use of the bucket, never at start-up', async () => {
    const script = `
      import { createRequire } from 'node:module';
      const sdkLoaded = () => Object.keys(createRequire(process.cwd() + '/').cache).some((path) => path.includes('@aws-sdk/client-s3'));
      await import('./api/app.ts');
      const { mediaStorage } = await import('./modules/media/index.ts');
      const storage = mediaStorage({ store: 's3', endpoint: ${JSON.stringify(endpoint)}, region: 'us-east-1', bucket: ${JSON.stringify(bucket)}, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
      const before = sdkLoaded();
      await storage.stat('${'0'.repeat(32)}', 'large');
      console.log(JSON.stringify({ before, after: sdkLoaded() }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], { cwd: join(import.meta.dirname, '../..') });
    assert.deepEqual(JSON.parse(stdout), { before: false, after: true });
  });

  describe('configuration', () => {
    const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ...env });

    it('refuses half an S3 configuration at start, naming what is missing or stray', () => {
      assert.throws(() => load({ MEDIA_STORE: 's3' }), (error) => error instanceof ConfigError && /S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with MEDIA_STORE=s3/.test(error.message));
      assert.throws(
        () => load({ MEDIA_STORE: 's3', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'id' }),
        (error) => error instanceof ConfigError && /\n {2}S3_SECRET_ACCESS_KEY: required with MEDIA_STORE=s3/.test(error.message),
      );
      assert.throws(() => load({ S3_BUCKET: bucket, ...credentials }), (error) => error instanceof ConfigError && /S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: used only with MEDIA_STORE=s3/.test(error.message));
      assert.throws(() => load({ MEDIA_STORE: 'gcs' }), (error) => error instanceof ConfigError && /MEDIA_STORE/.test(error.message));
      assert.throws(() => load({ ...s3Env(), S3_PUBLIC_URL: 'cdn.example.org' }), (error) => error instanceof ConfigError && /S3_PUBLIC_URL: must be an http\(s\) URL/.test(error.message));
      assert.throws(() => load({ ...s3Env(), S3_FORCE_PATH_STYLE: 'yes' }), (error) => error instanceof ConfigError && /S3_FORCE_PATH_STYLE/.test(error.message));
    });

    it('keeps the local folder by default, and reads a whole S3 configuration', () => {
      assert.deepEqual(mediaStorageOptions(load({ MEDIA_DIR: 'media-here', S3_REGION: '' })), { store: 'local', dir: 'media-here' });
      assert.deepEqual(mediaStorageOptions(load({ MEDIA_STORE: 's3', S3_BUCKET: bucket, ...credentials, S3_PUBLIC_URL: 'https://cdn.example.org/media//' })), {
        store: 's3',
        bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        publicUrl: 'https://cdn.example.org/media',
      });
    });
  });
});
