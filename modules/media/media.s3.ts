import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { fileName, renditionCacheControl, renditionNames, renditionType, type MediaStorage, type RenditionName, type StoredRendition } from './media.storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, …); unset, AWS itself. */
  endpoint?: string;
  /** Bucket in the path rather than the host name, as MinIO and local servers want. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** A CDN or the bucket's public address in front of the objects; unset, this app serves them under /media/. */
  publicUrl?: string;
}

export function s3Client(options: S3StorageOptions): S3Client {
  // The SDK's default checksum headers are refused or mishandled by several S3-compatible
  // services (R2, older MinIO); AWS itself keeps them.
  const checksums = options.endpoint === undefined ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED';
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
    // A store that stops answering must not hold an upload slot, or a visitor's image, for ever.
    // The time runs until the answer's headers, so a slow download is not cut short.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

/**
 * Renditions as objects in one bucket, named as on disk (`<key>-<width>.webp`) at the bucket's
 * top: no prefix, so that `<public URL>/<file name>` is the object whether the address in front
 * is the bucket's own or a CDN's, without a further setting to keep in step with it.
 */
export function s3Storage(client: S3Client, options: { bucket: string; publicBase: string }): MediaStorage {
  const Bucket = options.bucket;
  const put = (key: string, rendition: RenditionName, body: Buffer) =>
    client.send(new PutObjectCommand({ Bucket, Key: fileName(key, rendition), Body: body, ContentType: renditionType, CacheControl: renditionCacheControl }));
  // One request per object rather than DeleteObjects: that one needs a checksum header that not
  // every S3-compatible service takes, and a key has only two objects.
  const remove = async (keys: readonly string[]) => {
    await Promise.all(keys.flatMap((key) => renditionNames.map((rendition) => client.send(new DeleteObjectCommand({ Bucket, Key: fileName(key, rendition) })))));
  };
  return {
    publicBase: options.publicBase,
    async write(key, renditions) {
      // Both at once; the clean-up waits until both have settled, so that no put lands after it.
      const puts = await Promise.allSettled(renditionNames.map((rendition) => put(key, rendition, renditions[rendition])));
      const failed = puts.find((result) => result.status === 'rejected');
      if (!failed) return;
      // Should the clean-up fail as well, what it leaves has no row and so no address: the put's error is the one to report.
      await remove([key]).catch(() => undefined);
      throw failed.reason;
    },
    remove,
    async stat(key, rendition) {
      return ifStored(async () => described(await client.send(new HeadObjectCommand({ Bucket, Key: fileName(key, rendition) }))));
    },
    async open(key, rendition) {
      return ifStored(async () => {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: fileName(key, rendition) }));
        if (!(object.Body instanceof Readable)) throw new Error('the object store answered without a readable body');
        return { ...described(object), body: object.Body };
      });
    },
  };
}

/** Null for an object that is not there (HeadObject says NotFound, GetObject NoSuchKey); other failures stay failures. */
async function ifStored<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return null;
    throw error;
  }
}

function described(object: { ContentLength?: number | undefined; LastModified?: Date | undefined }): StoredRendition {
  if (object.ContentLength === undefined || !object.LastModified) throw new Error('the object store answered without Content-Length or Last-Modified');
  return { size: object.ContentLength, modified: object.LastModified };
}
