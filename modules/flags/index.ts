export { flagRoutes } from './flag.routes.ts';
export { createFlagService } from './flag.service.ts';
export { FlagSchema, flagReasons, flagTargetTypes } from './flag.entity.ts';
export type { FlagReason, FlagTargetType } from './flag.entity.ts';

import { FlagSchema } from './flag.entity.ts';
export const flagEntities = [FlagSchema];
export { openFlagGroups, openFlagTargets, openFlagsOf, flagTarget, resolveFlags, resolveFlagsOf } from './flag.review.ts';
export type { FlagGroup } from './flag.review.ts';
export type { FlagResolution } from './flag.entity.ts';
export { flagMessages } from './flag.messages.ts';
