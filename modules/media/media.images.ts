import type { Metadata } from 'sharp';
import { ImageTooManyPixels, ImageUnreadable, ImageUnsupported } from './media.errors.ts';
import { slots } from './media.slots.ts';

/** sharp (libvips, some 60 modules, a tenth of a second) is imported with the first image, not at start-up. */
async function loadSharp() {
  const { default: sharp } = await import('sharp');
  // Every upload is a new image, so libvips' operation cache would only hold on to memory.
  sharp.cache(false);
  // One thread per image, whatever the allocator (sharp picks this itself only under glibc's):
  // the threads at work are then the images at a time (below), and fewer threads leave fewer
  // malloc arenas holding on to freed memory.
  sharp.concurrency(1);
  return sharp;
}
let sharpLoaded: ReturnType<typeof loadSharp> | undefined;

/** Decoding a phone photo takes tens of MB; this many at a time bounds that whatever the traffic. */
const imagesDecodedAtOnce = 2;
const decoding = slots(imagesDecodedAtOnce);

export const imageLimits = {
  /** Phone photos are 2–8 MB; 10 MB leaves room without inviting huge uploads. */
  maxBytes: 10 * 1024 * 1024,
  /** 50 megapixels covers 48 MP phone cameras while refusing bitmaps that would exhaust memory. */
  maxPixels: 50_000_000,
} as const;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Width of each rendition; the large one keeps its shape, the small one is cropped for cards and avatars. */
export const renditionWidths = { large: 1200, small: 400 } as const;

/**
 * The format by the file's first bytes (its magic number). A file's name and declared type
 * are whatever the sender says; the content is what a decoder will actually run on.
 */
export function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface Renditions {
  large: Buffer;
  small: Buffer;
  /** Size of the large rendition. */
  width: number;
  height: number;
}

/**
 * Two WebP renditions of an uploaded image: turned upright by its EXIF orientation first,
 * then re-encoded. sharp writes no metadata unless asked to keep it, so EXIF (a phone's GPS
 * position, camera serial numbers), XMP and ICC profiles never reach the stored files.
 * The small one is cropped: 4:3 for fundraiser cards, square for avatars. At most
 * `imagesDecodedAtOnce` are rendered at a time; the others wait their turn.
 */
export function renderImage(bytes: Buffer, shape: 'card' | 'square'): Promise<Renditions> {
  return decoding.run(() => render(bytes, shape));
}

async function render(bytes: Buffer, shape: 'card' | 'square'): Promise<Renditions> {
  const format = sniffFormat(bytes);
  if (!format) throw new ImageUnsupported();
  const sharp = await (sharpLoaded ??= loadSharp());
  // Only the decoder of the sniffed format may run: sharp would otherwise also accept
  // GIF, TIFF, SVG and more, and SVG in particular must never be decoded from an upload.
  const options = { limitInputPixels: imageLimits.maxPixels, failOn: 'error' as const, pages: 1 };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageUnreadable();
  }
  if (metadata.format !== format) throw new ImageUnsupported();
  if (!metadata.width || !metadata.height) throw new ImageUnreadable();
  if (metadata.width * metadata.height > imageLimits.maxPixels) throw new ImageTooManyPixels(imageLimits.maxPixels);
  try {
    // One after the other, each decoding at its own reduced scale (JPEG shrink-on-load): one
    // image's peak is one decode, not two.
    const large = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: renditionWidths.large, height: renditionWidths.large * 2, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const small = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: renditionWidths.small, height: shape === 'card' ? (renditionWidths.small * 3) / 4 : renditionWidths.small, fit: 'cover', position: 'attention' })
      .webp({ quality: 75 })
      .toBuffer();
    return { large: large.data, small, width: large.info.width, height: large.info.height };
  } catch {
    throw new ImageUnreadable();
  }
}
