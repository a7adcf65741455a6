import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileName, ownMediaBase, renditionNames, type MediaStorage, type RenditionName } from './media.storage.ts';

/**
 * Renditions on the local disk under MEDIA_DIR, served by this app. Each file is written under
 * a temporary name and renamed into place, so a crash mid-write never leaves a truncated image
 * at a public address.
 */
export function diskStorage(dir: string): MediaStorage {
  const root = resolve(dir);
  const pathOf = (key: string, rendition: RenditionName) => join(root, fileName(key, rendition));
  const statOf = async (path: string) => {
    const stats = await stat(path).catch(() => null);
    return stats?.isFile() ? { size: stats.size, modified: stats.mtime } : null;
  };
  return {
    publicBase: ownMediaBase,
    async write(key, renditions) {
      await mkdir(root, { recursive: true });
      const written: string[] = [];
      try {
        for (const rendition of renditionNames) {
          const path = pathOf(key, rendition);
          const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
          written.push(temporary);
          await writeFile(temporary, renditions[rendition], { flag: 'wx' });
          await rename(temporary, path);
          written.push(path);
        }
      } catch (error) {
        await Promise.all(written.map((path) => rm(path, { force: true })));
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.flatMap((key) => renditionNames.map((rendition) => rm(pathOf(key, rendition), { force: true }))));
    },
    stat: (key, rendition) => statOf(pathOf(key, rendition)),
    async open(key, rendition) {
      const path = pathOf(key, rendition);
      const found = await statOf(path);
      return found && { ...found, body: createReadStream(path) };
    },
  };
}
