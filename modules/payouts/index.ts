export { createPayoutService } from './payout.service.ts';
export type { PayoutService } from './payout.service.ts';
export { payoutRoutes, chapaApprovalRoute, chapaApprovalPath, ledgerView } from './payout.routes.ts';
export { payoutMailComposer, payoutMailKind } from './payout.mails.ts';
export { reconcilePayoutsJob } from './payout.jobs.ts';
export { chapaTransfers, sandboxTransfers } from './transfer.rail.ts';
export type { TransferRail } from './transfer.rail.ts';
export { payoutMessages } from './payout.messages.ts';
export { PayoutSchema } from './payout.entity.ts';

import { PayoutApprovalSchema, PayoutMethodSchema, PayoutSchema, PlatformCoverSchema } from './payout.entity.ts';
export const payoutEntities = [PayoutMethodSchema, PayoutSchema, PayoutApprovalSchema, PlatformCoverSchema];
