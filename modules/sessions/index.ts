export { SessionSchema } from './session.entity.ts';
export type { Session } from './session.entity.ts';
export { sessions, sessionCookie } from './session.middleware.ts';
export { destroyUserSessions, purgeExpiredSessions, sessionLifetimes, sessionLifetimesFor } from './session.service.ts';
export { purgeSessionsJob } from './session.jobs.ts';

import { SessionSchema } from './session.entity.ts';
export const sessionEntities = [SessionSchema];
