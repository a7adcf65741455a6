import { diskStorage } from './media.disk.ts';
import type { S3StorageOptions } from './media.s3.ts';
import { ownMediaBase, type MediaStorage } from './media.storage.ts';

/** The local folder (one machine) or an S3-compatible bucket (shared by every instance). */
export type MediaStorageOptions = { store: 'local'; dir: string } | ({ store: 's3' } & S3StorageOptions);

export function mediaStorage(options: MediaStorageOptions): MediaStorage {
  return options.store === 'local' ? diskStorage(options.dir) : lazyS3Storage(options);
}

/**
 * The S3 driver, imported with the AWS SDK on its first call. The SDK takes some 60 ms to
 * import: a start-up need not wait for it, and a process that never touches an image (a job,
 * a script, any install on the local folder) never pays it.
 */
function lazyS3Storage(options: S3StorageOptions): MediaStorage {
  const publicBase = options.publicUrl ?? ownMediaBase;
  let loading: Promise<MediaStorage> | undefined;
  const storage = () => (loading ??= import('./media.s3.ts').then(({ s3Client, s3Storage }) => s3Storage(s3Client(options), { bucket: options.bucket, publicBase })));
  return {
    publicBase,
    write: async (key, renditions) => (await storage()).write(key, renditions),
    remove: async (keys) => (await storage()).remove(keys),
    stat: async (key, rendition) => (await storage()).stat(key, rendition),
    open: async (key, rendition) => (await storage()).open(key, rendition),
  };
}
