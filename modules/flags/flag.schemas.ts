import { z } from 'zod';
import { blankToNull, plainText } from '../../kernel/http/index.ts';
import { flagReasons, flagTargetTypes } from './flag.entity.ts';

export const flagRequest = z.strictObject({
  targetType: z.enum(flagTargetTypes),
  targetId: z.number().int().min(1),
  reason: z.enum(flagReasons),
  details: z.preprocess(blankToNull, z.string().transform(plainText).pipe(z.string().max(1000)).nullable().optional()),
});
export type FlagRequest = z.output<typeof flagRequest>;

/** The same answer whether this report is new or one the reporter had already made. */
export const flagResponse = z.object({ accepted: z.literal(true) });
