import { parseOrThrow, route, ValidationFailed } from '../../kernel/http/index.ts';
import { requireUser } from '../accounts/index.ts';
import { consume, type Limit } from '../rate-limits/index.ts';
import { ImageTooLarge, MultipartRequired, UploadsBusy } from './media.errors.ts';
import { imageLimits } from './media.images.ts';
import { mediaIdParams, mediaResponse, uploadFields } from './media.schemas.ts';
import type { MediaService } from './media.service.ts';
import { slots } from './media.slots.ts';
import { readUpload } from './media.upload.ts';

/** Enough for a person building a gallery; too few to fill a disk. */
export const uploadLimit: Limit = { limit: 60, windowMs: 60 * 60_000 };

/**
 * Uploads read and handled at once, each holding up to 10 MB of body in memory until it is
 * decoded; more wait (unread) in line, and past a full line answer 503 with Retry-After.
 */
const uploadsAtOnce = { running: 4, waiting: 32, retryAfterSeconds: 5 } as const;

export function mediaRoutes(media: MediaService) {
  const tag = 'media';
  const inFlight = slots(uploadsAtOnce.running, { maxWaiting: uploadsAtOnce.waiting, busy: () => new UploadsBusy(uploadsAtOnce.retryAfterSeconds) });
  return [
    route({
      method: 'post',
      path: '/api/media/upload',
      tag,
      summary:
        'Upload an image (multipart/form-data: entityType FUNDRAISER|USER, entityId, file). JPEG, PNG or WebP by content, up to 10 MB; stored as WebP without metadata. 503 with Retry-After while too many uploads are under way',
      response: mediaResponse,
      status: 201,
      guard: requireUser,
      handler: async ({ user, ctx }) => {
        if (!ctx.is('multipart/form-data')) throw new MultipartRequired();
        // A declared size far past the limit is refused before a byte of the body is read.
        if (Number(ctx.get('Content-Length') || 0) > imageLimits.maxBytes + 64 * 1024) throw new ImageTooLarge(imageLimits.maxBytes);
        return inFlight.run(async () => {
          const upload = await readUpload(ctx.req, ctx.req.headers, { maxBytes: imageLimits.maxBytes });
          if (upload.file?.tooLarge) throw new ImageTooLarge(imageLimits.maxBytes);
          const fields = parseOrThrow(uploadFields, upload.fields);
          if (!upload.file || upload.file.bytes.length === 0) {
            throw new ValidationFailed({ file: { code: 'field.image_required' } });
          }
          const em = ctx.state.em;
          await media.authorise(em, user, fields.entityType, fields.entityId, 'upload');
          await consume(em, `media:upload:user:${user.id}`, uploadLimit);
          return media.store(em, { owner: user, entityType: fields.entityType, entityId: fields.entityId, bytes: upload.file.bytes });
        });
      },
    }),
    route({
      method: 'get',
      path: '/api/media/:id',
      tag,
      summary: 'The addresses of an image and its thumbnail',
      params: mediaIdParams,
      response: mediaResponse,
      handler: async ({ params, ctx }) => media.find(ctx.state.em, params.id),
    }),
    route({
      method: 'delete',
      path: '/api/media/:id',
      tag,
      summary: 'Delete an image and its files (whoever manages what it belongs to: the organiser, the user, an admin)',
      params: mediaIdParams,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => {
        await media.remove(ctx.state.em, user, params.id);
        return undefined;
      },
    }),
  ];
}
