export { flagRoutes } from './flag.routes.ts';
export { createFlagService } from './flag.service.ts';
export type { FlagService } from './flag.service.ts';
export { FlagSchema, flagReasons, flagTargetTypes } from './flag.entity.ts';
export type { Flag, FlagReason, FlagTargetType } from './flag.entity.ts';

import { FlagSchema } from './flag.entity.ts';
export const flagEntities = [FlagSchema];
