export { adminRoutes } from './admin.routes.ts';
export type { AdminDependencies } from './admin.service.ts';
export { moderationMailComposer, moderationMailKind } from './admin.mails.ts';
export { refundRunsJob, advanceRefundRuns } from './admin.refunds.ts';
export { adminMessages } from './admin.messages.ts';
export { AuditEventSchema } from './audit-event.entity.ts';
export { RefundRunSchema } from './refund-run.entity.ts';

import { AuditEventSchema } from './audit-event.entity.ts';
import { RefundRunSchema } from './refund-run.entity.ts';
export const adminEntities = [AuditEventSchema, RefundRunSchema];
