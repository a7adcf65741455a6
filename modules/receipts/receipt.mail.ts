import type { EntityManager } from '@mikro-orm/core';
import type { Language } from '../../kernel/http/index.ts';
import { donationWithFundraiser } from '../donations/index.ts';
import type { MailComposer, MailMessage } from '../mail/index.ts';
import { fromMinor, type Currency } from '../money/index.ts';
import { receiptMailTexts, refundMailTexts, type ReceiptMailText } from './receipt.messages.ts';
import { receiptForDonation } from './receipt.service.ts';

const money = (words: ReceiptMailText, amount: string, currency: Currency) => (currency === 'USD' ? `$${amount}` : words.birr(amount));

/** The kind of QUEUED outbox mail that is a donation's receipt (its ref: the donation id). */
export const receiptMailKind = 'receipt';

/**
 * Makes the receipt e-mail of a succeeded donation, PDF attached, in the language the donor
 * used. It is queued in the transaction that settled the donation (payments module) and made
 * here after the commit, so that rendering the PDF holds no lock; null for a donation no
 * longer succeeded (refunded before the mail went out).
 */
export function receiptComposer(deps: { publicUrl: string }): MailComposer {
  return async (em: EntityManager, ref: string): Promise<MailMessage | null> => {
    const donationId = Number(ref);
    const donation = await donationWithFundraiser(em, donationId);
    if (!donation || donation.status !== 'SUCCEEDED') return null;
    const { receiptId, filename, pdf } = await receiptForDonation(em, donationId);
    const language: Language = donation.language;
    const words = receiptMailTexts[language];
    const prefix = language === 'am' ? '/am' : '';
    return {
      to: donation.donorEmail,
      subject: words.subject(donation.fundraiser.title),
      text: words.body({
        name: donation.donorName?.trim() || words.unnamedDonor,
        amount: money(words, fromMinor(donation.amountMinor, donation.currency), donation.currency),
        title: donation.fundraiser.title,
        link: `${deps.publicUrl}${prefix}/fundraiser/${donation.fundraiser.id}`,
        receipt: `${deps.publicUrl}/api/receipts/pdf/${receiptId}`,
      }),
      attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
    };
  };
}

/** The kind of QUEUED outbox mail telling a donor their gift was given back (its ref: the donation id). */
export const refundNoticeMailKind = 'refund-notice';

/** Makes the donor's refund notice, in the language they gave in; null unless the donation is REFUNDED. */
export function refundNoticeComposer(deps: { publicUrl: string }): MailComposer {
  return async (em: EntityManager, ref: string): Promise<MailMessage | null> => {
    const donation = await donationWithFundraiser(em, Number(ref));
    if (!donation || donation.status !== 'REFUNDED') return null;
    const language: Language = donation.language;
    const words = refundMailTexts[language];
    const prefix = language === 'am' ? '/am' : '';
    return {
      to: donation.donorEmail,
      subject: words.subject(donation.fundraiser.title),
      text: words.body({
        name: donation.donorName?.trim() || receiptMailTexts[language].unnamedDonor,
        amount: money(receiptMailTexts[language], fromMinor(donation.amountMinor, donation.currency), donation.currency),
        title: donation.fundraiser.title,
        link: `${deps.publicUrl}${prefix}/contact`,
      }),
    };
  };
}
