import type { Readable } from 'node:stream';
import { NotFound, type AppMiddleware } from '../../kernel/http/index.ts';
import { renditionWidths } from './media.images.ts';
import { renditionCacheControl, renditionNames, renditionType, type MediaStorage, type StoredRendition } from './media.storage.ts';

/**
 * Exactly the names the storage writes; anything else under /media/ is a 404, so no path can
 * leave the folder and nothing else in a bucket can be read through this app.
 */
const filePattern = /^\/media\/([0-9a-f]{32})-(1200|400)\.webp$/;
const renditionByWidth = new Map(renditionNames.map((rendition) => [String(renditionWidths[rendition]), rendition]));

/**
 * Serves stored renditions under /media/, from whichever storage holds them. A rendition never
 * changes under its name (a new upload gets a new random key), so browsers and CDNs may keep it
 * for a year. No listing, no other file types, and `nosniff` so that a browser never reads one
 * as anything but an image.
 */
export function mediaFiles(storage: MediaStorage): AppMiddleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const match = filePattern.exec(ctx.path);
    const rendition = match && renditionByWidth.get(match[2]!);
    if (!match || !rendition) throw new NotFound();
    const found: (StoredRendition & { body?: Readable }) | null = ctx.method === 'GET' ? await storage.open(match[1]!, rendition) : await storage.stat(match[1]!, rendition);
    if (!found) throw new NotFound();
    ctx.set('Cache-Control', renditionCacheControl);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('ETag', `"${ctx.path.slice('/media/'.length)}"`);
    ctx.set('Last-Modified', found.modified.toUTCString());
    ctx.type = renditionType;
    ctx.status = 200;
    if (ctx.fresh) {
      // Revalidations are rare (the answer is immutable), so the bytes are opened first and dropped here.
      found.body?.destroy();
      ctx.status = 304;
      return;
    }
    ctx.length = found.size;
    if (found.body) ctx.body = found.body;
  };
}
