import type { Language } from '../../kernel/http/index.ts';
import { groupedAmount, type Currency } from '../money/index.ts';

/** The values a member's digest is made of. */
export interface MemberDigestValues {
  name: string;
  team: string;
  title: string;
  /** Each listed donation: who gave (already "Anonymous" in the member's language if nobody is named) and the amount, if the donor let it be shown. */
  donations: Array<{ donor: string; amount: string | null }>;
  /** How many new donations there are in all, listed or not. */
  count: number;
  /** All the member has raised through their link, formatted. */
  total: string;
  /** The team's page. */
  link: string;
  /** Where the member turns these e-mails off (their profile settings). */
  settings: string;
}

export interface MemberDigestMailText {
  subject: (title: string, count: number) => string;
  body: (values: MemberDigestValues) => string;
  /** Shown for a donor who gave no name. */
  anonymous: string;
  /** A decimal amount as fromMinor writes it ("1500.00"), written for the member. */
  money: (amount: string, currency: Currency) => string;
}

const site = 'EthioFundraise';

const listed = (d: { donor: string; amount: string | null }) => `    ${d.donor}${d.amount === null ? '' : ` — ${d.amount}`}`;

/** The digest of donations through a member's link, in the language of the member it goes to. Dollars read `$12.50` in both, as receipts do. */
export const memberDigestMailTexts: Record<Language, MemberDigestMailText> = {
  en: {
    subject: (title, count) => (count === 1 ? `A new donation through your link for “${title}”` : `${count} new donations through your link for “${title}”`),
    body: (v) =>
      [
        `Hello ${v.name},`,
        '',
        v.count === 1
          ? `Someone has given to “${v.title}” through your personal link on the team “${v.team}”:`
          : `${v.count} new donations have been made to “${v.title}” through your personal link on the team “${v.team}”:`,
        '',
        ...v.donations.map(listed),
        ...(v.count > v.donations.length ? ['', `… and ${v.count - v.donations.length} more.`] : []),
        '',
        `You have now raised ${v.total} in all through your link. Thank you for sharing it!`,
        '',
        'See how your team is doing and share your link again:',
        '',
        v.link,
        '',
        'You get at most one e-mail like this an hour. To stop these e-mails, and those about comments, untick “E-mail me about new comments” in your profile:',
        '',
        v.settings,
        '',
        `The ${site} team`,
      ].join('\n'),
    anonymous: 'Anonymous',
    money: (amount, currency) => (currency === 'USD' ? `$${groupedAmount(amount, currency)}` : `ETB ${groupedAmount(amount, currency)}`),
  },
  am: {
    subject: (title, count) => (count === 1 ? `በሊንክዎ በኩል ለ“${title}” አዲስ ልገሳ ተደርጓል` : `በሊንክዎ በኩል ለ“${title}” ${count} አዲስ ልገሳዎች ተደርገዋል`),
    body: (v) =>
      [
        `ሰላም ${v.name}፣`,
        '',
        v.count === 1
          ? `አንድ ሰው በ“${v.team}” ቡድን ውስጥ ባለዎት የግል ሊንክ በኩል ለ“${v.title}” ለግሷል፦`
          : `በ“${v.team}” ቡድን ውስጥ ባለዎት የግል ሊንክ በኩል ለ“${v.title}” ${v.count} አዲስ ልገሳዎች ተደርገዋል፦`,
        '',
        ...v.donations.map(listed),
        ...(v.count > v.donations.length ? ['', `… እና ተጨማሪ ${v.count - v.donations.length} ልገሳ።`] : []),
        '',
        `በሊንክዎ በኩል እስካሁን በአጠቃላይ ${v.total} አሰባስበዋል። ሊንክዎን ስላጋሩ እናመሰግናለን!`,
        '',
        'ቡድንዎ ያለበትን ሁኔታ ለማየትና ሊንክዎን ዳግመኛ ለማጋራት ይህን ገጽ ይክፈቱ፦',
        '',
        v.link,
        '',
        'እንዲህ ያለ ኢሜይል በሰዓት ከአንድ ጊዜ በላይ አይላክልዎትም። እነዚህንም ሆነ ስለ አስተያየቶች የሚላኩ ኢሜይሎችን ማቆም ከፈለጉ በመገለጫዎ ላይ “ስለ አዲስ አስተያየቶች በኢሜይል አሳውቁኝ” የሚለውን ምልክት ያንሱ፦',
        '',
        v.settings,
        '',
        `የ${site} ቡድን`,
      ].join('\n'),
    anonymous: 'ስም አልባ',
    money: (amount, currency) => (currency === 'USD' ? `$${groupedAmount(amount, currency)}` : `${groupedAmount(amount, currency)} ብር`),
  },
};
