import { z } from 'zod';

/** The one shape every error answer has; `fields` holds each field's problem, already in words. */
export const errorResponse = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string(),
});

export type ErrorBody = z.output<typeof errorResponse>;
