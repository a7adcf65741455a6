import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Language } from '../../kernel/http/index.ts';
import { assertDonor, findDonation, type DonorActor, type PaymentMethod } from '../donations/index.ts';
import { fromMinor } from '../money/index.ts';
import { succeededPaymentByTransaction, succeededPaymentOf } from '../payments/index.ts';
import { ReceiptSchema } from './receipt.entity.ts';
import { ReceiptNotAvailable } from './receipt.errors.ts';

/** The receipt of a succeeded donation, made the first time it is asked for. */
async function receiptOf(em: EntityManager, donationId: number): Promise<string> {
  const existing = await em.findOne(ReceiptSchema, { donation: donationId });
  if (existing) return existing.id;
  try {
    const id = randomBytes(16).toString('base64url');
    await em.insert(ReceiptSchema, { id, donation: donationId, createdAt: new Date() });
    return id;
  } catch (error) {
    // Asked twice at once (the success page and the receipt e-mail): the first one stands.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    return (await em.fork().findOneOrFail(ReceiptSchema, { donation: donationId })).id;
  }
}

/**
 * The receipt id for a succeeded payment, found by the provider's transaction id; only for
 * whoever made the donation (a transaction id is no secret: it is printed on the receipt).
 */
export async function generateReceipt(em: EntityManager, transactionId: string, method: PaymentMethod, actor: DonorActor): Promise<string> {
  const payment = await succeededPaymentByTransaction(em, transactionId, method);
  if (!payment || payment.donation.status !== 'SUCCEEDED') throw new ReceiptNotAvailable();
  assertDonor(payment.donation, actor);
  return receiptOf(em, payment.donation.id);
}

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
}

/** The PDF of a receipt, in `lang`; refunded donations no longer have one. */
export async function receiptPdf(em: EntityManager, receiptId: string, lang: Language): Promise<ReceiptFile> {
  const receipt = await em.findOne(ReceiptSchema, { id: receiptId }, { populate: ['donation', 'donation.fundraiser'] });
  const donation = receipt?.donation;
  if (!receipt || !donation || donation.status !== 'SUCCEEDED') throw new ReceiptNotAvailable();
  const payment = await succeededPaymentOf(em, donation.id);
  if (!payment?.transactionId) throw new ReceiptNotAvailable();
  // Imported with pdfkit and fontkit on the first receipt rather than at every start-up.
  const { renderReceiptPdf } = await import('./receipt.pdf.ts');
  const pdf = await renderReceiptPdf({
    receiptId: receipt.id,
    fundraiserTitle: donation.fundraiser.title,
    donorName: donation.donorName ?? null,
    amount: fromMinor(donation.amountMinor, donation.currency),
    currency: donation.currency,
    paidAt: donation.succeededAt ?? donation.updatedAt,
    paymentMethod: payment.method,
    channel: payment.channel ?? null,
    transactionId: payment.transactionId,
    language: lang,
  });
  return { filename: `Receipt-${receipt.id}.pdf`, pdf };
}

/** For the receipt e-mail: the donation's receipt id and PDF in the language the donor used. */
export async function receiptForDonation(em: EntityManager, donationId: number): Promise<ReceiptFile & { receiptId: string }> {
  const donation = await findDonation(em, donationId);
  const receiptId = await receiptOf(em, donationId);
  return { receiptId, ...(await receiptPdf(em, receiptId, donation.language)) };
}
