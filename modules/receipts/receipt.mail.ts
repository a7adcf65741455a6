import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { DonationSchema } from '../donations/index.ts';
import type { Mailer } from '../mail/index.ts';
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

/**
 * Mails the donor their receipt once the donation succeeded. It runs after the payment was
 * recorded, so a failure here never undoes or repeats the payment: it is logged, and the
 * outbox retries a mail SMTP did not take.
 */
export function receiptMailer(deps: { mailer: Mailer; publicUrl: string; logger: Logger }) {
  return async (em: EntityManager, donationId: number): Promise<void> => {
    try {
      const fork = em.fork();
      const donation = await fork.findOneOrFail(DonationSchema, { id: donationId }, { populate: ['fundraiser'] });
      const { receiptId, filename, pdf } = await receiptForDonation(fork, donationId);
      const lang: 'en' | 'am' = donation.language;
      const words = texts[lang];
      const prefix = lang === 'am' ? '/am' : '';
      await deps.mailer.send(fork, {
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
      });
    } catch (error) {
      deps.logger.error({ err: error, donationId }, 'receipt e-mail could not be prepared');
    }
  };
}
