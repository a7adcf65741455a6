import { defineMessages, type Language } from '../../kernel/http/index.ts';

/** What the receipts module says when a receipt cannot be had. */
export const receiptMessages = defineMessages({
  en: {
    receipt_not_available: 'Receipt is not available at this time. Please try again later.',
  },
  am: {
    receipt_not_available: 'ደረሰኙ አሁን ሊገኝ አልቻለም። እባክዎ ቆይተው እንደገና ይሞክሩ።',
  },
});

/** The values the receipt mail's body is made of. */
interface ReceiptMailValues {
  name: string;
  amount: string;
  title: string;
  link: string;
  receipt: string;
}

export interface ReceiptMailText {
  subject: (title: string) => string;
  body: (values: ReceiptMailValues) => string;
  /** How the mail addresses a donor who gave no name. */
  unnamedDonor: string;
  /** An amount of Ethiopian birr (dollars read `$12.50` in both languages). */
  birr: (amount: string) => string;
}

/** The receipt mail, in the language the donor gave in (kept with the donation). */
export const receiptMailTexts: Record<Language, ReceiptMailText> = {
  en: {
    subject: (title) => `Thank you for your donation to “${title}”`,
    body: (v) =>
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
    unnamedDonor: 'friend',
    birr: (amount) => `ETB ${amount}`,
  },
  am: {
    subject: (title) => `ለ“${title}” ስላደረጉት ልገሳ እናመሰግናለን`,
    body: (v) =>
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
    unnamedDonor: 'ለጋሽ',
    birr: (amount) => `${amount} ብር`,
  },
};

export interface RefundMailText {
  subject: (title: string) => string;
  body: (v: { name: string; amount: string; title: string; link: string }) => string;
}

/** The donor's notice that their donation was refunded. */
export const refundMailTexts: Record<Language, RefundMailText> = {
  en: {
    subject: (title) => `Your donation to “${title}” has been refunded`,
    body: (v) =>
      [
        `Dear ${v.name},`,
        '',
        `We have refunded your donation of ${v.amount} to “${v.title}” in full, to the card or account you paid with.`,
        'Depending on your bank it can take 5 to 10 working days to appear on your statement.',
        '',
        `If you have a question, write to us: ${v.link}`,
        '',
        'With thanks for your generosity,',
        'EthioFundraise',
      ].join('\n'),
  },
  am: {
    subject: (title) => `ለ“${title}” ያደረጉት ልገሳ ተመልሷል`,
    body: (v) =>
      [
        `ውድ ${v.name}፣`,
        '',
        `ለ“${v.title}” የለገሱትን ${v.amount} በሙሉ በከፈሉበት ካርድ ወይም ሂሳብ መልሰናል።`,
        'ገንዘቡ በሂሳብ መግለጫዎ ላይ እስኪታይ ድረስ እንደ ባንክዎ ከ5 እስከ 10 የሥራ ቀናት ሊወስድ ይችላል።',
        '',
        `ጥያቄ ካለዎት ይጻፉልን፦ ${v.link}`,
        '',
        'ስለ ልግስናዎ እያመሰገንን፣',
        'ኢትዮ ፈንድሬይዝ',
      ].join('\n'),
  },
};
