import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** The part of s3rver (a local S3-compatible server, which ships no types) the tests use. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: { address: string; port: number; silent: boolean; directory: string }) => S3rverServer;

/** s3rver takes only these keys, and checks each request's signature with them. */
export const localS3Credentials = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * An S3-compatible server on loopback with one empty bucket, its objects in a temporary
 * folder; `env` is the configuration that points the app at it.
 */
export async function startLocalS3(bucket: string) {
  const directory = mkdtempSync(join(tmpdir(), 'fundraise-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: localS3Credentials.S3_ACCESS_KEY_ID, secretAccessKey: localS3Credentials.S3_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    client,
    env: { MEDIA_STORE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: 'true', ...localS3Credentials },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>;
