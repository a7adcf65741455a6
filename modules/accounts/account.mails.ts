import type { MailMessage } from '../mail/index.ts';
import type { UserLanguage } from './user.entity.ts';

interface Recipient {
  email: string;
  firstName: string;
  language: UserLanguage;
}

const site = 'EthioFundraise';

const texts = {
  verify: {
    en: {
      subject: `Confirm your e-mail address for ${site}`,
      lines: (name: string, link: string) => [
        `Hello ${name},`,
        '',
        `Welcome to ${site}. Please confirm your e-mail address by opening this link:`,
        '',
        link,
        '',
        'The link works for 24 hours. If you did not create an account, you can ignore this message.',
        '',
        `The ${site} team`,
      ],
      button: 'Confirm my e-mail address',
    },
    am: {
      subject: `የ${site} ኢሜይል አድራሻዎን ያረጋግጡ`,
      lines: (name: string, link: string) => [
        `ሰላም ${name}፣`,
        '',
        `ወደ ${site} እንኳን በደህና መጡ። እባክዎ ይህን ሊንክ ከፍተው የኢሜይል አድራሻዎን ያረጋግጡ፦`,
        '',
        link,
        '',
        'ሊንኩ ለ24 ሰዓት ያገለግላል። መለያ ያልከፈቱ ከሆነ ይህን መልእክት ችላ ማለት ይችላሉ።',
        '',
        `የ${site} ቡድን`,
      ],
      button: 'ኢሜይልዎን ያረጋግጡ',
    },
  },
  reset: {
    en: {
      subject: `Reset your ${site} password`,
      lines: (name: string, link: string) => [
        `Hello ${name},`,
        '',
        'We received a request to reset the password of your account. To choose a new password, open this link:',
        '',
        link,
        '',
        'The link works for 1 hour and only once. If you did not ask for this, ignore this message: your password stays as it is.',
        '',
        `The ${site} team`,
      ],
      button: 'Choose a new password',
    },
    am: {
      subject: `የ${site} የይለፍ ቃልዎን ይቀይሩ`,
      lines: (name: string, link: string) => [
        `ሰላም ${name}፣`,
        '',
        'የመለያዎን የይለፍ ቃል ለመቀየር ጥያቄ ደርሶናል። አዲስ የይለፍ ቃል ለመምረጥ ይህን ሊንክ ይክፈቱ፦',
        '',
        link,
        '',
        'ሊንኩ ለ1 ሰዓት፣ ለአንድ ጊዜ ብቻ ያገለግላል። ይህን ያልጠየቁ ከሆነ መልእክቱን ችላ ይበሉት፤ የይለፍ ቃልዎ አይቀየርም።',
        '',
        `የ${site} ቡድን`,
      ],
      button: 'አዲስ የይለፍ ቃል ይምረጡ',
    },
  },
} as const;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(kind: keyof typeof texts, to: Recipient, link: string): MailMessage {
  const t = texts[kind][to.language];
  const lines = t.lines(to.firstName, link);
  const paragraphs = lines
    .join('\n')
    .split('\n\n')
    .map((p) => (p === link ? `<p><a href="${escape(link)}">${escape(t.button)}</a><br><small>${escape(link)}</small></p>` : `<p>${escape(p)}</p>`));
  return {
    to: to.email,
    subject: t.subject,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="${to.language}"><body style="font-family:'Noto Sans Ethiopic',Arial,sans-serif;line-height:1.5">${paragraphs.join('')}</body></html>`,
  };
}

export function verificationMail(to: Recipient, link: string): MailMessage {
  return compose('verify', to, link);
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  return compose('reset', to, link);
}
