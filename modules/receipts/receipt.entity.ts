import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DonationSchema } from '../donations/index.ts';

/**
 * A donation's receipt: one per donation, named by an unguessable id (128 random bits), since
 * whoever holds the id can download the PDF with the donor's name and amount.
 */
export const ReceiptSchema = defineEntity({
  name: 'Receipt',
  tableName: 'receipt',
  properties: {
    id: p.string().length(32).primary(),
    donation: p.manyToOne(DonationSchema).unique().deleteRule('restrict'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Receipt = InferEntity<typeof ReceiptSchema>;
