export { ReceiptSchema } from './receipt.entity.ts';
export type { Receipt } from './receipt.entity.ts';
export { generateReceipt, receiptPdf, receiptForDonation } from './receipt.service.ts';
export type { ReceiptFile } from './receipt.service.ts';
export { renderReceiptPdf } from './receipt.pdf.ts';
export type { ReceiptContent } from './receipt.pdf.ts';
export { receiptMailer } from './receipt.mail.ts';
export { receiptRoutes } from './receipt.routes.ts';
export { receiptErrorCodes } from './receipt.errors.ts';

import { ReceiptSchema } from './receipt.entity.ts';
export const receiptEntities = [ReceiptSchema];
