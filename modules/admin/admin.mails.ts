import type { EntityManager } from '@mikro-orm/core';
import type { Language } from '../../kernel/http/index.ts';
import { findUser } from '../accounts/index.ts';
import { fundraiserWithOrganiser } from '../fundraisers/index.ts';
import type { MailComposer, MailMessage } from '../mail/index.ts';
import { findAuditEvent } from './admin.audit.ts';
import { moderationMailTexts } from './admin.messages.ts';

/**
 * The kind of QUEUED outbox mail telling someone of a moderator's decision; its ref is the
 * decision's audit event, queued in the decision's transaction, so the mail exists exactly
 * when the decision does, and says the reason recorded with it.
 */
export const moderationMailKind = 'moderation';

export function moderationMailComposer(deps: { publicUrl: string }): MailComposer {
  return async (em: EntityManager, ref: string): Promise<MailMessage | null> => {
    const event = await findAuditEvent(em, Number(ref));
    if (!event?.targetId) return null;
    const reason = event.reason ?? '';
    if (event.action === 'fundraiser.suspend' || event.action === 'fundraiser.reinstate') {
      const f = await fundraiserWithOrganiser(em, event.targetId);
      if (!f) return null;
      const language: Language = f.owner.language;
      const prefix = language === 'am' ? '/am' : '';
      const words = moderationMailTexts[language][event.action === 'fundraiser.suspend' ? 'fundraiserSuspended' : 'fundraiserReinstated'];
      return {
        to: f.owner.email,
        subject: words.subject(f.title),
        text: words.body({ name: f.owner.firstName, title: f.title, reason, link: `${deps.publicUrl}${prefix}/fundraiser/${f.id}`, contact: `${deps.publicUrl}${prefix}/contact` }),
      };
    }
    if (event.action === 'user.disable' || event.action === 'user.enable') {
      const user = await findUser(em, event.targetId).catch(() => null);
      if (!user) return null;
      const language: Language = user.language;
      const prefix = language === 'am' ? '/am' : '';
      const words = moderationMailTexts[language][event.action === 'user.disable' ? 'accountDisabled' : 'accountEnabled'];
      return {
        to: user.email,
        subject: words.subject(''),
        text: words.body({ name: user.firstName, title: '', reason, link: `${deps.publicUrl}${prefix}/login`, contact: `${deps.publicUrl}${prefix}/contact` }),
      };
    }
    return null;
  };
}
