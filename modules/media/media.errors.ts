import { AppError, NotFound } from '../../kernel/http/index.ts';

export class MediaNotFound extends NotFound {
  constructor() {
    super('media_not_found');
  }
}

/** Not a JPEG, PNG or WebP by its content, whatever its name or declared type. */
export class ImageUnsupported extends AppError {
  constructor() {
    super(400, 'image_unsupported');
  }
}

/** Looks like an image but cannot be decoded (truncated, damaged). */
export class ImageUnreadable extends AppError {
  constructor() {
    super(400, 'image_unreadable');
  }
}

export class ImageTooLarge extends AppError {
  constructor(maxBytes: number) {
    // The rest of an oversized upload is not read; closing the connection spares both sides sending it.
    super(413, 'image_too_large', { params: { max: Math.round(maxBytes / (1024 * 1024)) }, headers: { Connection: 'close' } });
  }
}

/** A small file can still decode to a huge bitmap (a "decompression bomb"). */
export class ImageTooManyPixels extends AppError {
  constructor(maxPixels: number) {
    super(400, 'image_too_many_pixels', { params: { max: Math.round(maxPixels / 1_000_000) } });
  }
}

export class ImageLimitReached extends AppError {
  constructor(max: number) {
    super(409, 'image_limit_reached', { params: { max } });
  }
}

/** More uploads at once than the server reads and decodes, with a full line waiting: come back shortly. */
export class UploadsBusy extends AppError {
  constructor(retryAfterSeconds: number) {
    super(503, 'uploads_busy', { headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
}

export class MultipartRequired extends AppError {
  constructor() {
    super(415, 'multipart_required');
  }
}

export class UploadMalformed extends AppError {
  constructor() {
    super(400, 'upload_malformed');
  }
}

/** Every code this module answers with, for the test that both catalogues hold them. */
export const mediaErrorCodes = [
  'media_not_found',
  'image_unsupported',
  'image_unreadable',
  'image_too_large',
  'image_too_many_pixels',
  'image_limit_reached',
  'uploads_busy',
  'multipart_required',
  'upload_malformed',
  'field.image_required',
] as const;
