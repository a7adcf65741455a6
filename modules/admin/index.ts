export { adminRoutes } from './admin.routes.ts';
export { createAdminService } from './admin.service.ts';
export { moderationMailComposer, moderationMailKind } from './admin.mails.ts';
export { refundRunsJob } from './admin.refunds.ts';
export type { RefundGuard } from './admin.refunds.ts';
export { adminMessages } from './admin.messages.ts';
export { appendAudit, actorOf } from './admin.audit.ts';
export type { Actor, AuditWho } from './admin.audit.ts';

import { AuditEventSchema } from './audit-event.entity.ts';
import { RefundRunSchema } from './refund-run.entity.ts';
export const adminEntities = [AuditEventSchema, RefundRunSchema];
