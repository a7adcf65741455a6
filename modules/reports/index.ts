export { reportRoutes, reportReadRoutes } from './report.routes.ts';
export { pageViews } from './report.page-views.ts';
export { reportMessages } from './report.messages.ts';
export { seedDemoTraffic } from './report.demo.ts';
export { createVisitCounter } from './report.counter.ts';
export type { VisitCounter } from './report.counter.ts';
export { forgetVisitorsJob } from './report.jobs.ts';
export { shareChannels, visitChannels, TrafficHourSchema, ShareHourSchema } from './report.entity.ts';

import { AnalyticsSaltSchema, ReferrerDaySchema, ShareHourSchema, TrafficHourSchema, VisitorAddressSchema, VisitorSeenSchema } from './report.entity.ts';
export const reportEntities = [AnalyticsSaltSchema, VisitorSeenSchema, VisitorAddressSchema, TrafficHourSchema, ShareHourSchema, ReferrerDaySchema];
