import { defineMessages, type Language } from '../../kernel/http/index.ts';

/** What the admin area says when it refuses. */
export const adminMessages = defineMessages({
  en: {
    refund_run_running: 'Refunds of all this fundraiser’s donations are already under way. Follow their progress on this page.',
    refund_all_needs_suspension: 'Suspend the fundraiser first, so that no new donations arrive while its donations are refunded.',
    flag_action_mismatch: 'That action does not fit what was reported: hide a comment or a donor’s message, suspend a fundraiser.',
    receipt_unpaid: 'Only a paid donation has a receipt to send.',
    mail_not_found: 'We could not find this e-mail in the outbox.',
    mail_not_failed: 'Only an e-mail that failed can be sent again. This one has been sent or is on its way.',
  },
  am: {
    refund_run_running: 'የዚህ ገንዘብ ማሰባሰቢያ ልገሳዎች በሙሉ ቀድሞውኑ እየተመለሱ ነው። ሂደቱን በዚህ ገጽ ላይ ይከታተሉ።',
    refund_all_needs_suspension: 'ልገሳዎቹ እየተመለሱ ሳሉ አዲስ ልገሳ እንዳይገባ መጀመሪያ ገንዘብ ማሰባሰቢያውን ያግዱ።',
    flag_action_mismatch: 'ይህ እርምጃ ለተጠቆመው ነገር አይስማማም፤ የሚደበቀው አስተያየት ወይም የለጋሽ መልእክት ነው፤ የሚታገደው ደግሞ ገንዘብ ማሰባሰቢያ ነው።',
    receipt_unpaid: 'የሚላክ ደረሰኝ ያለው የተከፈለ ልገሳ ብቻ ነው።',
    mail_not_found: 'ይህን ኢሜይል በወጪ መልእክቶች ውስጥ ማግኘት አልቻልንም።',
    mail_not_failed: 'እንደገና መላክ የሚቻለው መላክ ያልተሳካ ኢሜይል ብቻ ነው። ይህኛው ተልኳል ወይም በመላክ ላይ ነው።',
  },
});

export interface ModerationMailText {
  subject: (title: string) => string;
  body: (v: { name: string; title: string; reason: string; link: string; contact: string }) => string;
}

type ModerationMail = 'fundraiserSuspended' | 'fundraiserReinstated' | 'accountDisabled' | 'accountEnabled';

/** What the people concerned are told of a moderator's decision, in their own language. */
export const moderationMailTexts: Record<Language, Record<ModerationMail, ModerationMailText>> = {
  en: {
    fundraiserSuspended: {
      subject: (title) => `Your fundraiser “${title}” has been suspended`,
      body: (v) =>
        [
          `Dear ${v.name},`,
          '',
          `Our team has suspended your fundraiser “${v.title}”. It is hidden from everyone but you, and it cannot take donations for now.`,
          '',
          'The reason we gave:',
          v.reason,
          '',
          `If you can tell us more or send documents that answer this, write to us: ${v.contact}`,
          '',
          'EthioFundraise',
        ].join('\n'),
    },
    fundraiserReinstated: {
      subject: (title) => `Your fundraiser “${title}” is back online`,
      body: (v) =>
        [
          `Dear ${v.name},`,
          '',
          `Our team has lifted the suspension of your fundraiser “${v.title}”. It is visible again, as it was before the suspension: open, paused or closed.`,
          '',
          'Our note:',
          v.reason,
          '',
          `See it here: ${v.link}`,
          '',
          'EthioFundraise',
        ].join('\n'),
    },
    accountDisabled: {
      subject: () => 'Your EthioFundraise account has been disabled',
      body: (v) =>
        [
          `Dear ${v.name},`,
          '',
          'Our team has disabled your account. You cannot sign in, and your fundraisers are paused.',
          '',
          'The reason we gave:',
          v.reason,
          '',
          `If you think this is a mistake, write to us: ${v.contact}`,
          '',
          'EthioFundraise',
        ].join('\n'),
    },
    accountEnabled: {
      subject: () => 'Your EthioFundraise account is active again',
      body: (v) =>
        [
          `Dear ${v.name},`,
          '',
          'Our team has enabled your account again. You can sign in, and the fundraisers we paused take donations again.',
          '',
          'Our note:',
          v.reason,
          '',
          `Sign in: ${v.link}`,
          '',
          'EthioFundraise',
        ].join('\n'),
    },
  },
  am: {
    fundraiserSuspended: {
      subject: (title) => `“${title}” የተሰኘው ገንዘብ ማሰባሰቢያዎ ታግዷል`,
      body: (v) =>
        [
          `ውድ ${v.name}፣`,
          '',
          `ቡድናችን “${v.title}” የተሰኘውን ገንዘብ ማሰባሰቢያዎን አግዶታል። ከእርስዎ በስተቀር ለማንም አይታይም፤ ለጊዜው ልገሳም መቀበል አይችልም።`,
          '',
          'የሰጠነው ምክንያት፦',
          v.reason,
          '',
          `ተጨማሪ ማብራሪያ ወይም ጉዳዩን የሚያስረዱ ሰነዶች መላክ ከቻሉ ይጻፉልን፦ ${v.contact}`,
          '',
          'ኢትዮ ፈንድሬይዝ',
        ].join('\n'),
    },
    fundraiserReinstated: {
      subject: (title) => `“${title}” በተሰኘው ገንዘብ ማሰባሰቢያዎ ላይ የነበረው እገዳ ተነስቷል`,
      body: (v) =>
        [
          `ውድ ${v.name}፣`,
          '',
          `ቡድናችን “${v.title}” በተሰኘው ገንዘብ ማሰባሰቢያዎ ላይ የነበረውን እገዳ አንስቷል። ከእገዳው በፊት እንደነበረው፣ ክፍትም ሆነ ለጊዜው የቆመ ወይም የተዘጋ፣ እንደገና ይታያል።`,
          '',
          'ማስታወሻችን፦',
          v.reason,
          '',
          `እዚህ ይመልከቱት፦ ${v.link}`,
          '',
          'ኢትዮ ፈንድሬይዝ',
        ].join('\n'),
    },
    accountDisabled: {
      subject: () => 'የኢትዮ ፈንድሬይዝ መለያዎ ታግዷል',
      body: (v) =>
        [
          `ውድ ${v.name}፣`,
          '',
          'ቡድናችን መለያዎን አግዶታል። መግባት አይችሉም፤ ገንዘብ ማሰባሰቢያዎችዎም ለጊዜው ቆመዋል።',
          '',
          'የሰጠነው ምክንያት፦',
          v.reason,
          '',
          `ስህተት ነው ብለው ካሰቡ ይጻፉልን፦ ${v.contact}`,
          '',
          'ኢትዮ ፈንድሬይዝ',
        ].join('\n'),
    },
    accountEnabled: {
      subject: () => 'የኢትዮ ፈንድሬይዝ መለያዎ እንደገና ክፍት ሆኗል',
      body: (v) =>
        [
          `ውድ ${v.name}፣`,
          '',
          'ቡድናችን መለያዎን እንደገና ከፍቶታል። መግባት ይችላሉ፤ ያቆምናቸው ገንዘብ ማሰባሰቢያዎችም እንደገና ልገሳ ይቀበላሉ።',
          '',
          'ማስታወሻችን፦',
          v.reason,
          '',
          `ይግቡ፦ ${v.link}`,
          '',
          'ኢትዮ ፈንድሬይዝ',
        ].join('\n'),
    },
  },
};
