import { NotFound } from '../../kernel/http/index.ts';

/** No succeeded payment with that transaction id, or no receipt with that id. */
export class ReceiptNotAvailable extends NotFound {
  constructor() {
    super('receipt_not_available');
  }
}

export const receiptErrorCodes = ['receipt_not_available'] as const;
