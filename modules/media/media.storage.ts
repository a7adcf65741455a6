import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { renditionWidths, type Renditions } from './media.images.ts';

export type RenditionName = keyof typeof renditionWidths;

export const renditionNames = Object.keys(renditionWidths) as RenditionName[];

/** File names are `<storageKey>-<width>.webp`; the key is random, so names can be neither guessed nor walked. */
export const storageKeyPattern = /^[0-9a-f]{32}$/;

export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

export function fileName(key: string, rendition: RenditionName): string {
  return `${key}-${renditionWidths[rendition]}.webp`;
}

/** Headers of every stored rendition: a name never changes its bytes (a new upload gets a new key). */
export const renditionType = 'image/webp';
export const renditionCacheControl = 'public, max-age=31536000, immutable';

/** This app's own address for the renditions, served by `mediaFiles`. */
export const ownMediaBase = '/media';

/**
 * Where browsers fetch renditions: this app's /media/, or a CDN or bucket address in front of
 * the object store, as the storage in use says (`MediaStorage.publicBase`). Made by the
 * composition root and handed to what shows images.
 */
export interface MediaLinks {
  /** Public addresses of a stored image's renditions. */
  urls(key: string): { url: string; thumbnailUrl: string };
}

export function mediaLinks(publicBase: string): MediaLinks {
  return { urls: (key) => ({ url: `${publicBase}/${fileName(key, 'large')}`, thumbnailUrl: `${publicBase}/${fileName(key, 'small')}` }) };
}

export interface StoredRendition {
  size: number;
  modified: Date;
}

/** Where renditions are kept: the local folder (media.disk.ts) or S3-compatible object storage (media.s3.ts). */
export interface MediaStorage {
  /** Where browsers fetch this storage's renditions: what `mediaLinks` is made from. */
  readonly publicBase: string;
  /** Writes both renditions, or neither: a failure part-way removes what was written. */
  write(key: string, renditions: Renditions): Promise<void>;
  /** Removes the renditions of each key; files already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** A rendition's size and time, or null when it is not stored. */
  stat(key: string, rendition: RenditionName): Promise<StoredRendition | null>;
  /** The same with the rendition's bytes, or null when it is not stored. */
  open(key: string, rendition: RenditionName): Promise<(StoredRendition & { body: Readable }) | null>;
}
