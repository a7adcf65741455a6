import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { renditionWidths, type Renditions } from './media.images.ts';

export type RenditionName = keyof typeof renditionWidths;

/** File names are `<storageKey>-<width>.webp`; the key is random, so names can be neither guessed nor walked. */
export const storageKeyPattern = /^[0-9a-f]{32}$/;

export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

export function fileName(key: string, rendition: RenditionName): string {
  return `${key}-${renditionWidths[rendition]}.webp`;
}

/** Public addresses of the renditions, served by `mediaFiles` under /media/. */
export function mediaUrls(key: string): { url: string; thumbnailUrl: string } {
  return { url: `/media/${fileName(key, 'large')}`, thumbnailUrl: `/media/${fileName(key, 'small')}` };
}

export interface MediaStorage {
  readonly root: string;
  /** Writes both renditions, or neither: a failure part-way removes what was written. */
  write(key: string, renditions: Renditions): Promise<void>;
  /** Removes the renditions of each key; files already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
}

/**
 * Renditions on the local disk under MEDIA_DIR. Each file is written under a temporary
 * name and renamed into place, so a crash mid-write never leaves a truncated image at a
 * public address. (An S3-compatible store would implement the same two methods.)
 */
export function diskStorage(dir: string): MediaStorage {
  const root = resolve(dir);
  const pathOf = (key: string, rendition: RenditionName) => join(root, fileName(key, rendition));
  const storage: MediaStorage = {
    root,
    async write(key, renditions) {
      await mkdir(root, { recursive: true });
      const written: string[] = [];
      try {
        for (const [rendition, data] of [['large', renditions.large], ['small', renditions.small]] as const) {
          const path = pathOf(key, rendition);
          const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
          written.push(temporary);
          await writeFile(temporary, data, { flag: 'wx' });
          await rename(temporary, path);
          written.push(path);
        }
      } catch (error) {
        await Promise.all(written.map((path) => rm(path, { force: true })));
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.flatMap((key) => (['large', 'small'] as const).map((rendition) => rm(pathOf(key, rendition), { force: true }))));
    },
  };
  return storage;
}
