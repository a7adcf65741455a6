import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Language } from '../../kernel/http/index.ts';
import { displayName, fundraiserWithOrganiser } from '../fundraisers/index.ts';
import type { MailComposer, Mailer } from '../mail/index.ts';
import { CommentDigestSchema, CommentSchema } from './comment.entity.ts';
import { commentDigestMailTexts } from './comment.messages.ts';

/** The kind of QUEUED outbox mail that is an organiser's digest (its ref: `fundraiser:after:upTo`, comment ids). */
export const commentDigestMailKind = 'comment-digest';

/** At most one digest per fundraiser in this long. */
export const digestIntervalMs = 60 * 60_000;

/**
 * Comments older than this are no longer looked at: the job runs every ten minutes, so only
 * a stop of two days leaves any out, and news that old is no longer worth a mail.
 */
const horizonMs = 48 * 60 * 60_000;
const perRun = 50;
const listedPerMail = 10;
const excerptLength = 300;

interface Due {
  fundraiser_id: number | string;
  newest: number | string;
  covered: number | string;
}

/**
 * Fundraisers with comments their organiser has not been told of (their own left out), whose
 * last digest is an hour old or more, and whose organiser wants these e-mails: the newest such
 * comment, and the last one told of. An organiser who turns them back on hears of what came
 * in the last two days at most.
 */
async function dueDigests(em: EntityManager, now: Date): Promise<Array<{ fundraiserId: number; newest: number; covered: number }>> {
  const platform = em.getPlatform();
  const rows = (await em.getConnection().execute<Due[]>(
    `select c.fundraiser_id, max(c.id) as newest, coalesce(max(d.last_comment_id), 0) as covered
      from \`comment\` c
      join \`fundraiser\` f on f.id = c.fundraiser_id
      join \`app_user\` o on o.id = f.owner_id and o.comment_emails = ?
      left join \`comment_digest\` d on d.fundraiser_id = c.fundraiser_id
      where c.created_at > ? and c.status = 'published'
        and (c.author_id is null or c.author_id <> f.owner_id)
        and c.id > coalesce(d.last_comment_id, 0)
        and (d.id is null or d.sent_at <= ?)
      group by c.fundraiser_id
      order by min(c.id)
      limit ${perRun}`,
    [true, platform.processDateProperty(new Date(now.getTime() - horizonMs)), platform.processDateProperty(new Date(now.getTime() - digestIntervalMs))],
    'all',
  )) as Due[];
  return rows.map((row) => ({ fundraiserId: Number(row.fundraiser_id), newest: Number(row.newest), covered: Number(row.covered) }));
}

/**
 * Queues a digest for each fundraiser whose organiser has new comments and has not had one
 * in the last hour, then delivers them. Each is claimed by a conditional update of its
 * watermark (the newest comment told of, and when), in the transaction that writes its
 * outbox mail: a crash leaves either both or neither, and of two runs only one claims it.
 * Answers how many were queued.
 */
export async function sendCommentDigests(em: EntityManager, mailer: Mailer, log: Logger, now = new Date()): Promise<number> {
  const queued: number[] = [];
  for (const due of await dueDigests(em, now)) {
    const mailId = await em.fork().transactional(async (tx) => {
      // Nothing told yet means no row yet: a digest's row is made by the first one.
      const claimed = due.covered === 0 ? await claimFirst(tx, due.fundraiserId, due.newest, now) : await claimNext(tx, due, now);
      return claimed ? mailer.enqueue(tx, { kind: commentDigestMailKind, ref: `${due.fundraiserId}:${due.covered}:${due.newest}` }) : null;
    });
    if (mailId !== null) queued.push(mailId);
  }
  for (const mailId of queued) {
    try {
      await mailer.deliverQueued(em.fork(), mailId);
    } catch (error) {
      // Still QUEUED: the retry-mail job composes it later.
      log.error({ err: error, mailId }, 'comment digest could not be delivered now; it will be retried');
    }
  }
  return queued.length;
}

/** A fundraiser's first digest makes its row; of two runs making it, the unique key lets one. */
async function claimFirst(tx: EntityManager, fundraiserId: number, newest: number, now: Date): Promise<boolean> {
  try {
    await tx.insert(CommentDigestSchema, { fundraiser: fundraiserId, lastCommentId: newest, sentAt: now });
    return true;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}

/** Moves the watermark on only from where this run saw it, and only once the hour is over: one run wins. */
async function claimNext(tx: EntityManager, due: { fundraiserId: number; covered: number; newest: number }, now: Date): Promise<boolean> {
  const claimed = await tx.nativeUpdate(
    CommentDigestSchema,
    { fundraiser: due.fundraiserId, lastCommentId: due.covered, sentAt: { $lte: new Date(now.getTime() - digestIntervalMs) } },
    { lastCommentId: due.newest, sentAt: now },
  );
  return claimed === 1;
}

/**
 * Makes the digest a QUEUED mail stands for: the comments between its two watermarks that
 * are still published and not the organiser's own, in the organiser's language, with a link
 * to the fundraiser's page. Null (nothing to send any more) when all were hidden or deleted
 * in the meantime, or when the organiser has turned these e-mails off since.
 */
export function commentDigestComposer(deps: { publicUrl: string }): MailComposer {
  return async (em, ref) => {
    const [fundraiserId, after, upTo] = ref.split(':').map(Number) as [number, number, number];
    const fundraiser = await fundraiserWithOrganiser(em, fundraiserId);
    if (!fundraiser) return null;
    const organiser = fundraiser.owner;
    // Turned off between the claim and now.
    if (!organiser.commentEmails) return null;
    const [listed, total] = await em.findAndCount(
      CommentSchema,
      { fundraiser: fundraiserId, status: 'published', id: { $gt: after, $lte: upTo }, $or: [{ author: null }, { author: { $ne: organiser.id } }] },
      { populate: ['author'], orderBy: { id: 'asc' }, limit: listedPerMail },
    );
    if (total === 0) return null;
    const language: Language = organiser.language;
    const words = commentDigestMailTexts[language];
    const prefix = language === 'am' ? '/am' : '';
    return {
      to: organiser.email,
      subject: words.subject(fundraiser.title, total),
      text: words.body({
        name: organiser.firstName,
        title: fundraiser.title,
        comments: listed.map((c) => ({ author: c.author ? displayName(c.author) : words.formerMember, excerpt: excerpt(c.content) })),
        total,
        link: `${deps.publicUrl}${prefix}/fundraiser/${fundraiserId}`,
        settings: `${deps.publicUrl}${prefix}/edit-profile`,
      }),
    };
  };
}

/** The start of a comment, cut at a word, line breaks kept. */
function excerpt(content: string): string {
  if (content.length <= excerptLength) return content;
  const cut = content.slice(0, excerptLength - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > excerptLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
