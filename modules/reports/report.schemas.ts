import { z } from 'zod';
import { shareChannels } from './report.entity.ts';

export const fundraiserParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The `?s=` a shared address carried: a channel's name; one the platform does not know counts as direct. */
const channel = z.string().regex(/^[a-z]{1,20}$/);
const referrer = z.string().max(2000);

/**
 * A view, as the page's script sends it: the `?s=` its address carried and the page it came
 * from. Nothing about the visitor: their address and browser are read from the request.
 */
export const viewRequest = z.strictObject({ channel: channel.optional(), referrer: referrer.optional() });
export const viewQuery = z.object({ s: channel.optional(), r: referrer.optional() });

export const shareRequest = z.strictObject({ channel: z.enum(shareChannels) });
