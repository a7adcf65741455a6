export type { Receipt } from './receipt.entity.ts';
export { receiptComposer, receiptMailKind, refundNoticeComposer, refundNoticeMailKind } from './receipt.mail.ts';
export { receiptRoutes } from './receipt.routes.ts';
export { receiptMessages } from './receipt.messages.ts';

import { ReceiptSchema } from './receipt.entity.ts';
export const receiptEntities = [ReceiptSchema];
