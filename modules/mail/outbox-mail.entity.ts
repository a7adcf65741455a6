import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** QUEUED: written inside another change's transaction, its content not composed yet (see Mailer.enqueue). */
export const mailStatuses = ['QUEUED', 'PENDING', 'SENT', 'FAILED', 'LOGGED'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Every mail is written here before it is handed to SMTP, so none is lost to a crash or an
 * SMTP outage (FAILED rows are retried), and without SMTP the outbox is the mailbox (LOGGED).
 */
export const OutboxMailSchema = defineEntity({
  name: 'OutboxMail',
  tableName: 'outbox_mail',
  properties: {
    id: p.integer().primary().autoincrement(),
    to: p.string().length(320),
    replyTo: p.string().length(320).nullable(),
    subject: p.string().length(255),
    text: p.text(),
    html: p.text().nullable(),
    /** The body holds a secret link; it is dropped once SMTP accepted the mail (see MailMessage.sensitive). */
    sensitive: p.boolean().default(false),
    /** Files to send with it ({filename, contentType, base64}[]), dropped once delivered. */
    attachments: p.json().nullable(),
    status: p.enum(mailStatuses).default('PENDING').index(),
    /** For a QUEUED mail: which composer makes it (`receipt`), and of what (a donation id). */
    kind: p.string().length(40).nullable(),
    ref: p.string().length(64).nullable(),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    messageId: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    sentAt: p.datetime().nullable(),
  },
});

export type OutboxMail = InferEntity<typeof OutboxMailSchema>;
