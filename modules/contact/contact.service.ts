import type { EntityManager } from '@mikro-orm/core';
import type { Language } from '../../kernel/http/index.ts';
import type { Mailer } from '../mail/index.ts';
import { consume } from '../rate-limits/index.ts';
import { ContactMessageSchema } from './contact-message.entity.ts';
import type { ContactRequest } from './contact.schemas.ts';

/** Enough for a person who retries or follows up; too few to turn the form into a spam relay. */
export const contactLimits = {
  perAddress: { limit: 5, windowMs: 60 * 60_000 },
  perEmail: { limit: 3, windowMs: 60 * 60_000 },
} as const;

export interface ContactService {
  submit(em: EntityManager, input: ContactRequest, from: { ip: string; lang: Language }): Promise<{ id: number }>;
}

export function createContactService(deps: { mailer: Mailer; supportEmail: string }): ContactService {
  return {
    async submit(em, input, from) {
      await consume(em, `contact:ip:${from.ip}`, contactLimits.perAddress);
      await consume(em, `contact:email:${input.email.toLowerCase()}`, contactLimits.perEmail);
      const stored = em.create(ContactMessageSchema, { ...input, language: from.lang });
      await em.flush();
      await deps.mailer.send(em, {
        to: deps.supportEmail,
        replyTo: input.email,
        subject: `Contact form #${stored.id}: ${input.name}`,
        text: [
          `From: ${input.name} <${input.email}>`,
          `Language: ${from.lang === 'am' ? 'Amharic' : 'English'}`,
          `Message #${stored.id}:`,
          '',
          input.message,
        ].join('\n'),
      });
      return { id: stored.id };
    },
  };
}
