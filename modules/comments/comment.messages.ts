import { defineMessages, type Language } from '../../kernel/http/index.ts';

/** What the comments module says when it refuses a comment, a like or a removal. */
export const commentMessages = defineMessages({
  en: {
    comment_not_found: 'We could not find this comment. It may have been deleted or hidden.',
    author_mismatch: 'You can only comment under your own account.',
    comments_closed: 'This fundraiser is suspended for review. Until the suspension is lifted, nobody can add comments to it, and only an administrator can remove them.',
    comment_repeated: 'You have just posted this same comment. Please wait a minute before posting the same text again.',
    comment_not_yours: 'Only its author can delete this comment. The organiser of the fundraiser or an administrator can hide it.',
    'field.hide_reason': 'Say why you are hiding this; the reason is kept for the record.',
    words_not_found: 'We could not find these words of support. They may have been hidden.',
    words_not_yours: 'Only the organiser of the fundraiser or an administrator can hide a donor’s words of support.',
  },
  am: {
    comment_not_found: 'ይህን አስተያየት ማግኘት አልቻልንም። ተሰርዞ ወይም ተደብቆ ሊሆን ይችላል።',
    author_mismatch: 'አስተያየት መስጠት የሚችሉት በራስዎ መለያ ብቻ ነው።',
    comments_closed: 'ይህ ገንዘብ ማሰባሰቢያ ለግምገማ ታግዷል። እገዳው እስኪነሳ ድረስ ማንም አስተያየት መስጠት አይችልም፤ አስተያየቶችን ማስወገድ የሚችለውም አስተዳዳሪ ብቻ ነው።',
    comment_repeated: 'ይህንኑ አስተያየት አሁን ልከውታል። ተመሳሳዩን ጽሑፍ እንደገና ለመላክ እባክዎ አንድ ደቂቃ ይጠብቁ።',
    comment_not_yours: 'ይህን አስተያየት መሰረዝ የሚችለው የጻፈው ሰው ብቻ ነው። የገንዘብ ማሰባሰቢያው አዘጋጅ ወይም አስተዳዳሪ ግን ሊደብቁት ይችላሉ።',
    'field.hide_reason': 'ለምን እንደሚደብቁት ምክንያቱን ይጻፉ፤ ምክንያቱ ለመዝገብ ይቀመጣል።',
    words_not_found: 'ይህን የድጋፍ ቃል ማግኘት አልቻልንም። ተደብቆ ሊሆን ይችላል።',
    words_not_yours: 'የለጋሽን የድጋፍ ቃል መደበቅ የሚችሉት የገንዘብ ማሰባሰቢያው አዘጋጅ ወይም አስተዳዳሪ ብቻ ናቸው።',
  },
});

/** The values the organiser's digest is made of. */
interface DigestValues {
  name: string;
  title: string;
  /** Each listed comment: who wrote it and (the start of) what they wrote. */
  comments: Array<{ author: string; excerpt: string }>;
  /** How many new comments there are in all, listed or not. */
  total: number;
  link: string;
  /** Where the organiser turns these e-mails off (their profile settings). */
  settings: string;
}

export interface CommentDigestMailText {
  subject: (title: string, total: number) => string;
  body: (values: DigestValues) => string;
  /** Shown for a comment whose author's account no longer exists. */
  formerMember: string;
}

const site = 'EthioFundraise';
const quoted = (excerpt: string) => excerpt.split('\n').map((line) => `    ${line}`);

/** The digest of new comments, in the language of the organiser it goes to. */
export const commentDigestMailTexts: Record<Language, CommentDigestMailText> = {
  en: {
    subject: (title, total) => (total === 1 ? `A new comment on “${title}”` : `${total} new comments on “${title}”`),
    body: (v) =>
      [
        `Hello ${v.name},`,
        '',
        v.total === 1 ? `Someone has commented on your fundraiser “${v.title}”:` : `People have left ${v.total} new comments on your fundraiser “${v.title}”:`,
        ...v.comments.flatMap((c) => ['', `${c.author} wrote:`, ...quoted(c.excerpt)]),
        ...(v.total > v.comments.length ? ['', `… and ${v.total - v.comments.length} more.`] : []),
        '',
        `${v.total === 1 ? 'Read it' : 'Read them'}, thank your supporters and answer on the fundraiser’s page:`,
        '',
        v.link,
        '',
        'You get at most one e-mail like this an hour for each of your fundraisers, and none for your own comments. To stop them, untick “E-mail me about new comments” in your profile:',
        '',
        v.settings,
        '',
        `The ${site} team`,
      ].join('\n'),
    formerMember: 'A former member',
  },
  am: {
    subject: (title, total) => (total === 1 ? `በ“${title}” ላይ አዲስ አስተያየት ተሰጥቷል` : `በ“${title}” ላይ ${total} አዲስ አስተያየቶች ተሰጥተዋል`),
    body: (v) =>
      [
        `ሰላም ${v.name}፣`,
        '',
        v.total === 1 ? `“${v.title}” በሚለው ገንዘብ ማሰባሰቢያዎ ላይ አንድ ሰው አስተያየት ሰጥቷል፦` : `“${v.title}” በሚለው ገንዘብ ማሰባሰቢያዎ ላይ ${v.total} አዲስ አስተያየቶች ተሰጥተዋል፦`,
        ...v.comments.flatMap((c) => ['', `${c.author} እንዲህ ብለዋል፦`, ...quoted(c.excerpt)]),
        ...(v.total > v.comments.length ? ['', `… እና ሌሎች ${v.total - v.comments.length} አስተያየቶች።`] : []),
        '',
        `${v.total === 1 ? 'አስተያየቱን' : 'አስተያየቶቹን'} ለማንበብ፣ ደጋፊዎችዎን ለማመስገንና መልስ ለመስጠት የገንዘብ ማሰባሰቢያውን ገጽ ይክፈቱ፦`,
        '',
        v.link,
        '',
        'እንዲህ ያለ ኢሜይል ለእያንዳንዱ ገንዘብ ማሰባሰቢያዎ በሰዓት ከአንድ ጊዜ በላይ አይላክልዎትም፤ ስለራስዎ አስተያየቶች ደግሞ ኢሜይል አይላክም። እንዳይላክልዎ ከፈለጉ በመገለጫዎ ላይ “ስለ አዲስ አስተያየቶች በኢሜይል አሳውቁኝ” የሚለውን ምልክት ያንሱ፦',
        '',
        v.settings,
        '',
        `የ${site} ቡድን`,
      ].join('\n'),
    formerMember: 'የቀድሞ አባል',
  },
};
