import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { NotFound, type AppMiddleware } from '../../kernel/http/index.ts';

/** Exactly the names the storage writes; anything else under /media/ is a 404, so no path can leave the folder. */
const filePattern = /^\/media\/([0-9a-f]{32}-(?:1200|400)\.webp)$/;

/**
 * Serves stored renditions under /media/. A rendition never changes under its name (a new
 * upload gets a new random key), so browsers and CDNs may keep it for a year. No listing,
 * no other file types, and `nosniff` so that a browser never reads one as anything but an image.
 */
export function mediaFiles(dir: string): AppMiddleware {
  const root = resolve(dir);
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const match = filePattern.exec(ctx.path);
    if (!match) throw new NotFound();
    const path = join(root, match[1]!);
    const stats = await stat(path).catch(() => null);
    if (!stats?.isFile()) throw new NotFound();
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('ETag', `"${match[1]}"`);
    ctx.set('Last-Modified', stats.mtime.toUTCString());
    ctx.type = 'image/webp';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.length = stats.size;
    if (ctx.method === 'GET') ctx.body = createReadStream(path);
  };
}
