import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { containing } from '../../kernel/db/index.ts';
import { OutboxMailSchema, type MailStatus, type OutboxMail } from './outbox-mail.entity.ts';

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

/** An address in a mail's text, up to the next space or quote; punctuation closing a sentence is not part of it. */
const link = /https?:\/\/[^\s"'<>]+[^\s"'<>.,;:!?)]/g;

/**
 * The addresses a mail's text carries, each once. Without SMTP the log shows them, so that a
 * newcomer follows the link to verify an account, or to reset a password, from the console.
 */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(link))];
}

/** Makes the mail a QUEUED row stands for, from the records it names; null when there is nothing to send any more. */
export type MailComposer = (em: EntityManager, ref: string) => Promise<MailMessage | null>;

export interface Mailer {
  /** Stores the mail in the outbox, then delivers it; a delivery failure is recorded, not thrown. */
  send(em: EntityManager, message: MailMessage): Promise<OutboxMail>;
  /**
   * Writes a mail to be made later by the composer of `kind`, with `em` (inside the caller's
   * transaction): the mail exists exactly when the change it follows was committed, and a
   * crash after the commit leaves it QUEUED for `retryFailed` rather than lost. Answers its id
   * for `deliverQueued`, right after the commit.
   */
  enqueue(em: EntityManager, mail: { kind: string; ref: string }): Promise<number>;
  /** Composes and delivers a QUEUED mail (only once, however many ask at the same time). */
  deliverQueued(em: EntityManager, id: number): Promise<void>;
  /** The composer of QUEUED mails of one kind. */
  composer(kind: string, compose: MailComposer): void;
  /** Composes QUEUED mails left behind for a while, and tries FAILED mails again (a few attempts at most). */
  retryFailed(em: EntityManager): Promise<number>;
  /**
   * Sends one FAILED mail again now, whatever its attempts (a person asked): claimed by one
   * conditional update, so a double click sends it once. False when it is not FAILED (any more).
   */
  retry(em: EntityManager, id: number): Promise<boolean>;
  readonly delivers: boolean;
}

const maxAttempts = 5;
/** A QUEUED mail is normally delivered right after its commit; one still there after this was interrupted. */
const queuedGraceMs = 60_000;

function stored(attachments: MailAttachment[] | undefined): StoredAttachment[] | null {
  return attachments?.length ? attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })) : null;
}

/** nodemailer is imported with the first mail delivered, not at start-up: without SMTP_URL, never. */
async function smtpTransport(url: string) {
  return (await import('nodemailer')).default.createTransport(url);
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  const smtpUrl = options.smtpUrl;
  let made: ReturnType<typeof smtpTransport> | undefined;
  const transport = smtpUrl ? () => (made ??= smtpTransport(smtpUrl)) : null;

  const composers = new Map<string, MailComposer>();

  async function deliverQueued(em: EntityManager, id: number): Promise<void> {
    const queued = await em.findOne(OutboxMailSchema, { id, status: 'QUEUED' });
    if (!queued?.kind || queued.ref == null) return;
    const compose = composers.get(queued.kind);
    if (!compose) {
      options.logger.error({ mailId: id, kind: queued.kind }, 'no composer for a queued mail');
      return;
    }
    const message = await compose(em.fork(), queued.ref);
    // Composed first and claimed with its content in one conditional update, so that of two
    // instances composing the same mail only one goes on to deliver it.
    const claimed = message
      ? await em.nativeUpdate(
          OutboxMailSchema,
          { id, status: 'QUEUED' },
          { status: 'PENDING', to: message.to, replyTo: message.replyTo ?? null, subject: message.subject, text: message.text, html: message.html ?? null, sensitive: message.sensitive ?? false, attachments: stored(message.attachments) },
        )
      : await em.nativeUpdate(OutboxMailSchema, { id, status: 'QUEUED' }, { status: 'FAILED', attempts: maxAttempts, lastError: 'nothing to send any more' });
    if (claimed !== 1 || !message) return;
    em.clear();
    await deliver(em, await em.findOneOrFail(OutboxMailSchema, { id }));
  }

  async function deliver(em: EntityManager, mail: OutboxMail): Promise<void> {
    if (!transport) {
      mail.status = 'LOGGED';
      // Only here, where nobody receives the mail: once SMTP delivers, its links (single-use secrets) are the recipient's alone.
      options.logger.info({ mailId: mail.id, to: mail.to, subject: mail.subject, links: linksIn(mail.text) }, 'mail kept in the outbox (no SMTP_URL)');
      await em.flush();
      return;
    }
    mail.attempts += 1;
    try {
      const info = await (await transport()).sendMail({
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
        attachments: stored(message.attachments),
      });
      await em.flush();
      await deliver(em, mail);
      return mail;
    },
    async enqueue(em, mail) {
      return em.insert(OutboxMailSchema, {
        to: '',
        replyTo: null,
        subject: '',
        text: '',
        html: null,
        status: 'QUEUED',
        kind: mail.kind,
        ref: mail.ref,
        attempts: 0,
        sensitive: false,
        attachments: null,
        createdAt: new Date(),
      }) as Promise<number>;
    },
    deliverQueued,
    composer(kind, compose) {
      composers.set(kind, compose);
    },
    async retry(em, id) {
      const mail = await em.findOne(OutboxMailSchema, { id, status: 'FAILED' });
      if (!mail) return false;
      // One its composer gave up on was never made: it is composed afresh from its records.
      if (mail.kind && !mail.to) {
        const claimed = await em.nativeUpdate(OutboxMailSchema, { id, status: 'FAILED' }, { status: 'QUEUED', lastError: null });
        if (claimed !== 1) return false;
        await deliverQueued(em.fork(), id);
        return true;
      }
      if ((await em.nativeUpdate(OutboxMailSchema, { id, status: 'FAILED' }, { status: 'PENDING' })) !== 1) return false;
      em.clear();
      await deliver(em, await em.findOneOrFail(OutboxMailSchema, { id }));
      return true;
    },
    async retryFailed(em) {
      const left = await em.find(OutboxMailSchema, { status: 'QUEUED', createdAt: { $lt: new Date(Date.now() - queuedGraceMs) } }, { fields: ['id'], limit: 50, orderBy: { id: 'asc' } });
      for (const { id } of left) {
        try {
          await deliverQueued(em.fork(), id);
        } catch (error) {
          options.logger.error({ mailId: id, err: error }, 'queued mail could not be composed; will retry');
        }
      }
      if (!transport) return left.length;
      // A PENDING mail may be in the middle of its first delivery; only one left for long was interrupted.
      const stuckBefore = new Date(Date.now() - 10 * 60_000);
      const failed = await em.find(
        OutboxMailSchema,
        { attempts: { $lt: maxAttempts }, $or: [{ status: 'FAILED' }, { status: 'PENDING', createdAt: { $lt: stuckBefore } }] },
        { limit: 50, orderBy: { id: 'asc' } },
      );
      for (const mail of failed) await deliver(em, mail);
      return left.length + failed.length;
    },
  };
}

export interface OutboxSearch {
  status?: MailStatus | undefined;
  /** Part of the recipient's address or of the subject. */
  query?: string | undefined;
  page: number;
  size: number;
}

/** The outbox as the admin area reads it, newest first. */
/** An outbox row as the admin area reads it: without its attachments' bytes. */
export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: MailStatus;
  kind: string | null;
  attempts: number;
  lastError: string | null;
  sensitive: boolean;
  createdAt: Date;
  sentAt: Date | null;
}

function entryOf(m: Pick<OutboxMail, keyof OutboxEntry>): OutboxEntry {
  return { id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, status: m.status, kind: m.kind ?? null, attempts: m.attempts, lastError: m.lastError ?? null, sensitive: m.sensitive, createdAt: m.createdAt, sentAt: m.sentAt ?? null };
}

export async function searchOutbox(em: EntityManager, search: OutboxSearch): Promise<{ mails: OutboxEntry[]; total: number }> {
  const where: FilterQuery<OutboxMail>[] = [];
  const text = search.query?.trim();
  if (text) {
    const like = containing(text);
    where.push({ $or: [{ to: { $like: like.toLowerCase() } }, { subject: { $like: like } }] });
  }
  if (search.status) where.push({ status: search.status });
  const [mails, total] = await em.findAndCount(OutboxMailSchema, where.length ? { $and: where } : {}, {
    orderBy: { id: 'desc' },
    limit: search.size,
    offset: search.page * search.size,
    exclude: ['attachments'],
  });
  return { mails: mails.map(entryOf), total };
}

export async function findOutboxMail(em: EntityManager, id: number): Promise<OutboxEntry | null> {
  const mail = await em.findOne(OutboxMailSchema, { id }, { exclude: ['attachments'] });
  return mail ? entryOf(mail) : null;
}

export function countOutbox(em: EntityManager, status: MailStatus): Promise<number> {
  return em.count(OutboxMailSchema, { status });
}

export async function listOutbox(em: EntityManager, options: { limit: number }): Promise<OutboxMail[]> {
  return em.find(OutboxMailSchema, {}, { orderBy: { id: 'desc' }, limit: options.limit });
}
