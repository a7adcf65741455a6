import type { MailMessage } from '../mail/index.ts';
import type { UserLanguage } from './user.entity.ts';

interface Recipient {
  email: string;
  firstName: string;
  language: UserLanguage;
}

const site = 'EthioFundraise';

/** One mail in one language; each link stands alone in its paragraph and becomes a button in HTML. */
interface MailText<Link extends string> {
  subject: string;
  lines: (name: string, links: Record<Link, string>) => string[];
  buttons: Record<Link, string>;
}

const verifyTexts: Record<UserLanguage, MailText<'link'>> = {
  en: {
    subject: `Confirm your e-mail address for ${site}`,
    lines: (name, { link }) => [
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
    buttons: { link: 'Confirm my e-mail address' },
  },
  am: {
    subject: `የ${site} ኢሜይል አድራሻዎን ያረጋግጡ`,
    lines: (name, { link }) => [
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
    buttons: { link: 'ኢሜይልዎን ያረጋግጡ' },
  },
};

const resetTexts: Record<UserLanguage, MailText<'link'>> = {
  en: {
    subject: `Reset your ${site} password`,
    lines: (name, { link }) => [
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
    buttons: { link: 'Choose a new password' },
  },
  am: {
    subject: `የ${site} የይለፍ ቃልዎን ይቀይሩ`,
    lines: (name, { link }) => [
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
    buttons: { link: 'አዲስ የይለፍ ቃል ይምረጡ' },
  },
};

/** For someone registering with an address that already has an account: the sign-up form answers as for a new one. */
const existingTexts: Record<UserLanguage, MailText<'login' | 'reset'>> = {
  en: {
    subject: `You already have an ${site} account`,
    lines: (name, { login, reset }) => [
      `Hello ${name},`,
      '',
      `Someone, probably you, tried to create an ${site} account with this e-mail address. You already have an account with it, so nothing was created or changed.`,
      '',
      'To sign in, open this link:',
      '',
      login,
      '',
      'If you have forgotten your password, choose a new one here:',
      '',
      reset,
      '',
      'If this was not you, you can ignore this message: your account stays as it is.',
      '',
      `The ${site} team`,
    ],
    buttons: { login: 'Sign in', reset: 'Reset my password' },
  },
  am: {
    subject: `የ${site} መለያ አስቀድሞ አለዎት`,
    lines: (name, { login, reset }) => [
      `ሰላም ${name}፣`,
      '',
      `አንድ ሰው፣ ምናልባትም እርስዎ፣ በዚህ ኢሜይል አድራሻ አዲስ የ${site} መለያ ለመክፈት ሞክሯል። በዚህ አድራሻ መለያ አስቀድሞ ስላለዎት አዲስ መለያ አልተከፈተም፤ ያለውም አልተቀየረም።`,
      '',
      'ለመግባት ይህን ሊንክ ይክፈቱ፦',
      '',
      login,
      '',
      'የይለፍ ቃልዎን ከረሱ አዲስ የይለፍ ቃል እዚህ ይምረጡ፦',
      '',
      reset,
      '',
      'ይህን ያደረጉት እርስዎ ካልሆኑ መልእክቱን ችላ ይበሉት፤ መለያዎ እንዳለ ይቆያል።',
      '',
      `የ${site} ቡድን`,
    ],
    buttons: { login: 'ይግቡ', reset: 'የይለፍ ቃልዎን ይቀይሩ' },
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose<Link extends string>(texts: Record<UserLanguage, MailText<Link>>, to: Recipient, links: Record<Link, string>): MailMessage {
  const t = texts[to.language];
  const lines = t.lines(to.firstName, links);
  const buttonFor = new Map((Object.keys(links) as Link[]).map((name) => [links[name], t.buttons[name]]));
  const paragraphs = lines
    .join('\n')
    .split('\n\n')
    .map((p) => {
      const button = buttonFor.get(p);
      return button ? `<p><a href="${escape(p)}">${escape(button)}</a><br><small>${escape(p)}</small></p>` : `<p>${escape(p)}</p>`;
    });
  return {
    to: to.email,
    subject: t.subject,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="${to.language}"><body style="font-family:'Noto Sans Ethiopic',Arial,sans-serif;line-height:1.5">${paragraphs.join('')}</body></html>`,
  };
}

export function verificationMail(to: Recipient, link: string): MailMessage {
  return compose(verifyTexts, to, { link });
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  return compose(resetTexts, to, { link });
}

export function existingAccountMail(to: Recipient, links: { login: string; reset: string }): MailMessage {
  return compose(existingTexts, to, links);
}
