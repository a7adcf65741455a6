import { unlinked, type MailMessage } from '../mail/index.ts';
import { existingAccountMailTexts, passwordResetMailTexts, verificationMailTexts, type MailText } from './account.messages.ts';
import type { UserLanguage } from './user.entity.ts';

interface Recipient {
  email: string;
  firstName: string;
  language: UserLanguage;
  emailVerifiedAt?: Date | null | undefined;
}

/**
 * The name a mail greets its reader by. Anybody can sign any address up, or ask for a reset
 * link for it, and the name typed at sign-up would then reach a stranger's mailbox: until the
 * address is proved, the name is whoever-typed-it's, and the mail greets nobody by name.
 */
const greeted = (to: Recipient): string | null => (to.emailVerifiedAt ? unlinked(to.firstName) : null);

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose<Link extends string>(texts: Record<UserLanguage, MailText<Link>>, to: Recipient, links: Record<Link, string>): MailMessage {
  const t = texts[to.language];
  const lines = t.lines(greeted(to), links);
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
  return compose(verificationMailTexts, to, { link });
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  return compose(passwordResetMailTexts, to, { link });
}

export function existingAccountMail(to: Recipient, links: { login: string; reset: string }): MailMessage {
  return compose(existingAccountMailTexts, to, links);
}
