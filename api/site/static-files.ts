import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

export interface StaticFile {
  /** File extension, from which Koa derives the Content-Type. */
  type: string;
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
  lastModified: string;
  cacheControl: string;
}

/**
 * Reads a build's client folder into memory, keyed by the URL paths that reach each file
 * (`/about`, `/about/` and `/about/index.html` for a page). Serving from memory skips a
 * stat and an open per request, and a lookup in a map cannot be led outside the folder.
 */
export function indexStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(clientDir)) {
    const extension = extname(path);
    if (extension === '.br' || extension === '.gz') continue;
    const identity = readFileSync(path);
    const urlPath = `/${relative(clientDir, path).split(sep).join('/')}`;
    const file: StaticFile = {
      type: extension,
      identity,
      br: readIfPresent(`${path}.br`),
      gzip: readIfPresent(`${path}.gz`),
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      lastModified: statSync(path).mtime.toUTCString(),
      // Hashed asset names change with their content, so they can be kept for a year.
      cacheControl: urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    };
    files.set(urlPath, file);
    if (urlPath.endsWith('/index.html')) {
      const folder = urlPath.slice(0, -'index.html'.length);
      files.set(folder, file);
      if (folder !== '/') files.set(folder.slice(0, -1), file);
    }
  }
  return files;
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}
