import { defineMessages } from '../../kernel/http/index.ts';

/** What the donations module says about a gift it cannot take or find. */
export const donationMessages = defineMessages({
  en: {
    donation_not_found: 'We could not find this donation.',
    fundraiser_not_accepting: 'This fundraiser is not taking donations right now.',
    donation_settled: 'This donation has already been completed or has ended. Please start a new donation.',
    donation_not_yours: 'This donation was started in another browser or account, so it can only be paid or looked at there. If you have paid, your receipt will arrive by e-mail.',
    donation_currency_mismatch: 'This donation is in another currency than its fundraiser, so it cannot be counted. Our team has been told and will look into it.',
    'field.fundraiser_unknown': 'Choose an existing fundraiser.',
    'field.currency_mismatch': 'This fundraiser takes donations in {currency}.',
    'field.donation_min': 'The smallest donation is 1 {currency}.',
  },
  am: {
    donation_not_found: 'ይህን ልገሳ ማግኘት አልቻልንም።',
    fundraiser_not_accepting: 'ይህ ገንዘብ ማሰባሰቢያ አሁን ልገሳ እየተቀበለ አይደለም።',
    donation_settled: 'ይህ ልገሳ ተጠናቋል ወይም ጊዜው አልፏል። እባክዎ አዲስ ልገሳ ይጀምሩ።',
    donation_not_yours: 'ይህ ልገሳ የተጀመረው በሌላ ብራውዘር ወይም መለያ ስለሆነ ሊከፈል ወይም ሊታይ የሚችለው እዚያው ብቻ ነው። ክፍያውን ፈጽመው ከሆነ ደረሰኝዎ በኢሜይል ይደርስዎታል።',
    donation_currency_mismatch: 'ይህ ልገሳ ከገንዘብ ማሰባሰቢያው በተለየ ገንዘብ ስለሆነ ሊቆጠር አይችልም። ቡድናችን ተነግሮታል፤ ጉዳዩን ይመለከተዋል።',
    'field.fundraiser_unknown': 'ያለ ገንዘብ ማሰባሰቢያ ይምረጡ።',
    'field.currency_mismatch': 'ይህ ገንዘብ ማሰባሰቢያ ልገሳ የሚቀበለው በ{currency} ነው።',
    'field.donation_min': 'ዝቅተኛው የልገሳ መጠን 1 {currency} ነው።',
  },
});
