import type { EntityManager } from '@mikro-orm/core';
import { DonationSchema } from '../donations/index.ts';
import type { MailComposer, MailMessage } from '../mail/index.ts';
import { fromMinor, type Currency } from '../money/index.ts';
import { receiptForDonation } from './receipt.service.ts';

const money = (lang: 'en' | 'am', amount: string, currency: Currency) =>
  currency === 'USD' ? `$${amount}` : lang === 'am' ? `${amount} ብር` : `ETB ${amount}`;

const texts = {
  en: {
    subject: (title: string) => `Thank you for your donation to “${title}”`,
    body: (v: { name: string; amount: string; title: string; link: string; receipt: string }) =>
      [
        `Dear ${v.name},`,
        '',
        `Thank you for giving ${v.amount} to “${v.title}”. Your donation has been received.`,
        'EthioFundraise charges no platform fee: all of your gift goes to the fundraiser.',
        '',
        `Your receipt is attached, and you can download it again at any time: ${v.receipt}`,
        `See how the fundraiser is doing and share it: ${v.link}`,
        '',
        'With gratitude,',
        'EthioFundraise',
      ].join('\n'),
  },
  am: {
    subject: (title: string) => `ለ“${title}” ስላደረጉት ልገሳ እናመሰግናለን`,
    body: (v: { name: string; amount: string; title: string; link: string; receipt: string }) =>
      [
        `ውድ ${v.name}፣`,
        '',
        `ለ“${v.title}” ${v.amount} ስለለገሱ እናመሰግናለን። ልገሳዎ ደርሶናል።`,
        'ኢትዮ ፈንድሬይዝ ምንም የአገልግሎት ክፍያ አያስከፍልም፤ ስጦታዎ በሙሉ ለገንዘብ ማሰባሰቢያው ይደርሳል።',
        '',
        `ደረሰኝዎ ከዚህ መልእክት ጋር ተያይዟል፤ በማንኛውም ጊዜ እንደገና ሊያወርዱት ይችላሉ፦ ${v.receipt}`,
        `ገንዘብ ማሰባሰቢያው እንዴት እየሄደ እንደሆነ ይመልከቱ፤ ለሌሎችም ያጋሩ፦ ${v.link}`,
        '',
        'ከልብ በማመስገን፣',
        'ኢትዮ ፈንድሬይዝ',
      ].join('\n'),
  },
};

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
    const donation = await em.findOne(DonationSchema, { id: donationId }, { populate: ['fundraiser'] });
    if (!donation || donation.status !== 'SUCCEEDED') return null;
    const { receiptId, filename, pdf } = await receiptForDonation(em, donationId);
    const lang: 'en' | 'am' = donation.language;
    const words = texts[lang];
    const prefix = lang === 'am' ? '/am' : '';
    return {
      to: donation.donorEmail,
      subject: words.subject(donation.fundraiser.title),
      text: words.body({
        name: donation.donorName?.trim() || (lang === 'am' ? 'ለጋሽ' : 'friend'),
        amount: money(lang, fromMinor(donation.amountMinor, donation.currency), donation.currency),
        title: donation.fundraiser.title,
        link: `${deps.publicUrl}${prefix}/fundraiser/${donation.fundraiser.id}`,
        receipt: `${deps.publicUrl}/api/receipts/pdf/${receiptId}`,
      }),
      attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
    };
  };
}
