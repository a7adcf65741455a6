import { z } from 'zod';
import { shareChannels } from './report.entity.ts';

export const fundraiserParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * A view, as the page's script sends it: the `?s=` its address carried and the page it came
 * from. Nothing about the visitor: their address and browser are read from the request.
 * Anything odd is dropped rather than refused: a visit is counted or not, never an error.
 */
export const viewRequest = z
  .object({ channel: z.string().max(20).optional().catch(undefined), referrer: z.string().max(2000).optional().catch(undefined) })
  .catch({});
export const viewQuery = z.object({ s: z.string().max(20).optional().catch(undefined), r: z.string().max(2000).optional().catch(undefined) });

export const shareRequest = z.strictObject({ channel: z.enum(shareChannels) });
