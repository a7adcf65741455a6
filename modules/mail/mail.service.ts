import type { EntityManager } from '@mikro-orm/core';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { OutboxMailSchema, type OutboxMail } from './outbox-mail.entity.ts';

export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a receipt's PDF); kept in the outbox until SMTP accepted them. */
  attachments?: MailAttachment[];
  /**
   * The body carries a secret (a sign-in or reset link): once SMTP has accepted the mail the
   * outbox keeps only its envelope. Without SMTP the outbox is the mailbox, so the body stays.
   */
  sensitive?: boolean;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** As the outbox stores an attachment: JSON, the bytes in base64. */
interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

const removedBody = '[removed after delivery: it contained a single-use link]';

export interface Mailer {
  /** Stores the mail in the outbox, then delivers it; a delivery failure is recorded, not thrown. */
  send(em: EntityManager, message: MailMessage): Promise<OutboxMail>;
  /** Tries FAILED mails again (a few attempts at most). */
  retryFailed(em: EntityManager): Promise<number>;
  readonly delivers: boolean;
}

const maxAttempts = 5;

export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliver(em: EntityManager, mail: OutboxMail): Promise<void> {
    if (!transport) {
      mail.status = 'LOGGED';
      options.logger.info({ mailId: mail.id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL)');
      await em.flush();
      return;
    }
    mail.attempts += 1;
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: ((mail.attachments ?? []) as StoredAttachment[]).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
      });
      mail.status = 'SENT';
      mail.messageId = info.messageId ?? null;
      mail.sentAt = new Date();
      mail.lastError = null;
      if (mail.sensitive) {
        mail.text = removedBody;
        mail.html = null;
      }
      // Delivered: the files can be made again from their records (a receipt from its donation).
      mail.attachments = null;
    } catch (error) {
      mail.status = 'FAILED';
      mail.lastError = error instanceof Error ? error.message : String(error);
      options.logger.warn({ mailId: mail.id, err: error }, 'mail delivery failed; will retry');
    }
    await em.flush();
  }

  return {
    delivers: transport !== null,
    async send(em, message) {
      const mail = em.create(OutboxMailSchema, {
        to: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        status: 'PENDING',
        attempts: 0,
        sensitive: message.sensitive ?? false,
        attachments: message.attachments?.length
          ? message.attachments.map((a): StoredAttachment => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') }))
          : null,
      });
      await em.flush();
      await deliver(em, mail);
      return mail;
    },
    async retryFailed(em) {
      if (!transport) return 0;
      // A PENDING mail may be in the middle of its first delivery; only one left for long was interrupted.
      const stuckBefore = new Date(Date.now() - 10 * 60_000);
      const failed = await em.find(
        OutboxMailSchema,
        { attempts: { $lt: maxAttempts }, $or: [{ status: 'FAILED' }, { status: 'PENDING', createdAt: { $lt: stuckBefore } }] },
        { limit: 50, orderBy: { id: 'asc' } },
      );
      for (const mail of failed) await deliver(em, mail);
      return failed.length;
    },
  };
}

export async function listOutbox(em: EntityManager, options: { limit: number }): Promise<OutboxMail[]> {
  return em.find(OutboxMailSchema, {}, { orderBy: { id: 'desc' }, limit: options.limit });
}
