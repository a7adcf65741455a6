import { z } from 'zod';
import { mediaEntityTypes } from './media.entity.ts';

/** The text fields of an upload (multipart), validated like any request body. */
export const uploadFields = z.object({
  entityType: z.enum(mediaEntityTypes),
  entityId: z.coerce.number().int().positive(),
});

export const mediaIdParams = z.object({ id: z.coerce.number().int().positive() });

export const mediaResponse = z.object({ id: z.number(), url: z.string(), thumbnailUrl: z.string() });

export type MediaView = z.output<typeof mediaResponse>;
/** Where an upload goes: the form fields beside the file. */
export type UploadTarget = z.output<typeof uploadFields>;
