import { defineMessages } from '../../kernel/http/index.ts';
import type { UserLanguage } from './user.entity.ts';

/** What the accounts module tells a person who signs up, signs in or changes their account. */
export const accountMessages = defineMessages({
  en: {
    invalid_credentials: 'The e-mail address or password is incorrect.',
    account_disabled: 'This account has been disabled by our team. If you think this is a mistake, write to us through the contact page.',
    own_account: 'You cannot do this to your own account. Ask another admin.',
    last_admin: 'This is the last admin account that can sign in. Make someone else an admin first.',
    account_unchanged: 'This account is already as you asked. Another admin may have just changed it.',
    sign_in_paused: 'Sign-in is paused here after too many failed attempts. To sign in now, reset your password: we will e-mail you a link that works at once. Or sign in from a browser you have used before, or wait {minutes} minute(s).',
    mail_link_recent: 'We e-mailed a link for this address less than a minute ago, if it has an account. Look in your inbox and your spam folder, or ask again in a minute.',
    email_not_verified: 'Please confirm your e-mail address first. Look for our message in your inbox, or ask for a new link.',
    verification_token_invalid: 'This confirmation link is not valid. Please ask for a new one.',
    verification_token_expired: 'This confirmation link has expired. Please ask for a new one.',
    verification_token_used: 'This confirmation link has already been used. You can sign in now.',
    reset_token_invalid: 'This password reset link is not valid. Please ask for a new one.',
    reset_token_expired: 'This password reset link has expired. Please ask for a new one.',
    reset_token_used: 'This password reset link has already been used. Ask for a new one if you need to reset your password again.',
    google_sign_in_disabled: 'Sign-in with Google is not set up on this site. Please sign in with your e-mail address and password.',
    google_unavailable: 'We cannot reach Google right now. Please try again in a moment.',
    google_credential_invalid: 'Signing in with Google did not work. Please try again.',
    google_account_conflict: 'This account is already linked to a different Google account. Please sign in with your e-mail address and password.',
    user_not_found: 'We could not find that user.',
    'field.password_common': 'This password is too common and easy to guess. Please choose another.',
    'field.password_like_identity': 'Your password must not be your e-mail address or your name.',
    'field.avatar_not_own': 'Choose a picture you uploaded as your own profile picture.',
    'field.id_mismatch': 'This does not match the user in the address.',
  },
  am: {
    invalid_credentials: 'የኢሜይል አድራሻው ወይም የይለፍ ቃሉ ትክክል አይደለም።',
    account_disabled: 'ይህ መለያ በቡድናችን ታግዷል። ስህተት ነው ብለው ካሰቡ በ“ያግኙን” ገጽ በኩል ይጻፉልን።',
    own_account: 'ይህን በራስዎ መለያ ላይ ማድረግ አይችሉም። ሌላ አስተዳዳሪ ይጠይቁ።',
    last_admin: 'መግባት የሚችል የአስተዳዳሪ መለያ የቀረው ይህ ብቻ ነው። መጀመሪያ ሌላ ሰው አስተዳዳሪ ያድርጉ።',
    account_unchanged: 'ይህ መለያ ቀድሞውኑ እርስዎ በጠየቁት ሁኔታ ላይ ነው። ሌላ አስተዳዳሪ ገና አሁን ቀይሮት ሊሆን ይችላል።',
    sign_in_paused: 'ብዙ ያልተሳኩ ሙከራዎች ስለተደረጉ እዚህ መግባት ለጊዜው ቆሟል። አሁኑኑ ለመግባት የይለፍ ቃልዎን ይቀይሩ፤ ወዲያውኑ የሚሠራ ሊንክ በኢሜይል እንልክልዎታለን። አለበለዚያ ከዚህ በፊት በተጠቀሙበት አሳሽ ይግቡ፣ ወይም {minutes} ደቂቃ ይጠብቁ።',
    mail_link_recent: 'ለዚህ አድራሻ መለያ ካለው፣ ከአንድ ደቂቃ ባነሰ ጊዜ በፊት ሊንክ በኢሜይል ልከናል። የኢሜይል ሳጥንዎንና የአይፈለጌ መልእክት (spam) ማህደርዎን ይመልከቱ፤ ወይም ከአንድ ደቂቃ በኋላ እንደገና ይጠይቁ።',
    email_not_verified: 'እባክዎ መጀመሪያ የኢሜይል አድራሻዎን ያረጋግጡ። የላክንልዎትን መልእክት በኢሜይል ሳጥንዎ ይፈልጉ፤ ወይም አዲስ ሊንክ ይጠይቁ።',
    verification_token_invalid: 'ይህ የማረጋገጫ ሊንክ ትክክል አይደለም። እባክዎ አዲስ ሊንክ ይጠይቁ።',
    verification_token_expired: 'የዚህ የማረጋገጫ ሊንክ ጊዜ አልፏል። እባክዎ አዲስ ሊንክ ይጠይቁ።',
    verification_token_used: 'ይህን የማረጋገጫ ሊንክ ቀደም ብለው ተጠቅመውበታል። አሁን መግባት ይችላሉ።',
    reset_token_invalid: 'ይህ የይለፍ ቃል መቀየሪያ ሊንክ ትክክል አይደለም። እባክዎ አዲስ ሊንክ ይጠይቁ።',
    reset_token_expired: 'የዚህ የይለፍ ቃል መቀየሪያ ሊንክ ጊዜ አልፏል። እባክዎ አዲስ ሊንክ ይጠይቁ።',
    reset_token_used: 'ይህን የይለፍ ቃል መቀየሪያ ሊንክ ቀደም ብለው ተጠቅመውበታል። የይለፍ ቃልዎን እንደገና መቀየር ከፈለጉ አዲስ ሊንክ ይጠይቁ።',
    google_sign_in_disabled: 'በዚህ ድረ ገጽ በGoogle መግባት አልተዘጋጀም። እባክዎ በኢሜይል አድራሻዎና በይለፍ ቃልዎ ይግቡ።',
    google_unavailable: 'አሁን ከGoogle ጋር መገናኘት አልቻልንም። እባክዎ ትንሽ ቆይተው እንደገና ይሞክሩ።',
    google_credential_invalid: 'በGoogle መግባት አልተሳካም። እባክዎ እንደገና ይሞክሩ።',
    google_account_conflict: 'ይህ መለያ ከሌላ የGoogle መለያ ጋር ተያይዟል። እባክዎ በኢሜይል አድራሻዎና በይለፍ ቃልዎ ይግቡ።',
    user_not_found: 'ይህን ተጠቃሚ ማግኘት አልቻልንም።',
    'field.password_common': 'ይህ የይለፍ ቃል በጣም የተለመደና በቀላሉ የሚገመት ነው። እባክዎ ሌላ ይምረጡ።',
    'field.password_like_identity': 'የይለፍ ቃልዎ የኢሜይል አድራሻዎ ወይም ስምዎ መሆን የለበትም።',
    'field.avatar_not_own': 'ለራስዎ የመገለጫ ፎቶ የጫኑትን ምስል ይምረጡ።',
    'field.id_mismatch': 'ይህ በአድራሻው ካለው ተጠቃሚ ጋር አይመሳሰልም።',
  },
});

// The mails below are written in the language stored with the account they go to.
const site = 'EthioFundraise';

/**
 * One mail in one language, sent in its recipient's; each link stands alone in its paragraph
 * and becomes a button in HTML. `name` is null when the mail must greet nobody by name.
 */
export interface MailText<Link extends string> {
  subject: string;
  lines: (name: string | null, links: Record<Link, string>) => string[];
  buttons: Record<Link, string>;
}

const hello = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');
const selam = (name: string | null) => (name ? `ሰላም ${name}፣` : 'ሰላም፣');

export const verificationMailTexts: Record<UserLanguage, MailText<'link'>> = {
  en: {
    subject: `Confirm your e-mail address for ${site}`,
    lines: (name, { link }) => [
      hello(name),
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
      selam(name),
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

export const passwordResetMailTexts: Record<UserLanguage, MailText<'link'>> = {
  en: {
    subject: `Reset your ${site} password`,
    lines: (name, { link }) => [
      hello(name),
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
      selam(name),
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
export const existingAccountMailTexts: Record<UserLanguage, MailText<'login' | 'reset'>> = {
  en: {
    subject: `You already have an ${site} account`,
    lines: (name, { login, reset }) => [
      hello(name),
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
      selam(name),
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
