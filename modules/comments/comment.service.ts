import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { noteChanges } from '../../kernel/changes/index.ts';
import { NotFound, ValidationFailed } from '../../kernel/http/index.ts';
import type { User } from '../accounts/index.ts';
import { hideWordsOfSupport, wordsOfSupportFundraiser } from '../donations/index.ts';
import { displayName, findVisible, fundraiserKeys, isoSeconds, mayModerate, noCoOrganisers, type CoOrganisers, type Fundraiser } from '../fundraisers/index.ts';
import { avatarsById, type MediaLinks } from '../media/index.ts';
import { consume, type Limit } from '../rate-limits/index.ts';
import { CommentLikeSchema, CommentSchema, type Comment } from './comment.entity.ts';
import { AuthorMismatch, CommentNotFound, CommentRepeated, CommentsClosed, NotCommentAuthor, NotWordsModerator, WordsNotFound } from './comment.errors.ts';
import type { ConversationItem, LikeView, PostCommentRequest, RemoveCommentView } from './comment.schemas.ts';
import { ensureTally, lockTally, recountTally } from './comment.tally.ts';

/**
 * A person writes a few comments in a visit; a script posting to page after page hits these.
 * The address limit is looser because many people in Ethiopia share one (carrier NAT).
 */
export const commentLimits = {
  perUser: { limit: 10, windowMs: 10 * 60_000 },
  perAddress: { limit: 50, windowMs: 10 * 60_000 },
  /** Each like makes the fundraiser's page render again, so a script toggling one must be stopped. */
  likesPerUser: { limit: 60, windowMs: 60_000 },
} as const satisfies Record<string, Limit>;

/** The same text by the same author within this is refused. */
export const repeatWindowMs = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const repeatKey = (contentHash: string, at: number) => `${contentHash}:${Math.floor(at / repeatWindowMs)}`;

/**
 * A published comment that `viewer` may see, with its fundraiser, judged by the fundraisers
 * module's own rule (a suspended fundraiser exists only for its organiser and admins). Hidden,
 * deleted and unseen comments are all simply not found.
 */
export async function findVisibleComment(em: EntityManager, viewer: User | null, id: number): Promise<{ comment: Comment; fundraiser: Fundraiser }> {
  const comment = await em.findOne(CommentSchema, { id, status: 'published' }, { populate: ['fundraiser'] });
  if (!comment) throw new CommentNotFound();
  try {
    return { comment, fundraiser: await findVisible(em, viewer, comment.fundraiser.id) };
  } catch (error) {
    if (error instanceof NotFound) throw new CommentNotFound();
    throw error;
  }
}

/**
 * A comment by the signed-in `author` on a fundraiser they can see, written in the transaction
 * that recounts the fundraiser's published comments. PAUSED and CLOSED fundraisers still take
 * words of support (CONTEXT.md); a suspended one takes none.
 */
export async function postComment(em: EntityManager, links: MediaLinks, author: User, input: PostCommentRequest, from: { ip: string }): Promise<ConversationItem> {
  if (input.userId !== author.id) throw new AuthorMismatch();
  const fundraiser = await findVisible(em, author, input.fundraiserId);
  if (fundraiser.status === 'SUSPENDED') throw new CommentsClosed();
  const now = Date.now();
  const contentHash = sha256(input.content);
  // The unique key on (author, repeatKey) catches repeats within one minute's bucket, even at
  // the same instant; this catches the one sent a few seconds ago in the bucket before.
  const recent = await em.count(CommentSchema, {
    author: author.id,
    repeatKey: { $in: [repeatKey(contentHash, now), repeatKey(contentHash, now - repeatWindowMs)] },
    createdAt: { $gt: new Date(now - repeatWindowMs) },
  });
  if (recent > 0) throw new CommentRepeated();
  // Counted after the repeat check, so a double click's second request costs no allowance.
  await consume(em, `comment:user:${author.id}`, commentLimits.perUser);
  await consume(em, `comment:ip:${from.ip}`, commentLimits.perAddress);
  await ensureTally(em, fundraiser.id);
  let comment: Comment;
  try {
    comment = await em.transactional(async (tx) => {
      await lockTally(tx, fundraiser.id);
      const created = tx.create(CommentSchema, {
        fundraiser: fundraiser.id,
        author: author.id,
        content: input.content,
        status: 'published',
        hiddenReason: null,
        hiddenBy: null,
        removedAt: null,
        likeCount: 0,
        repeatKey: repeatKey(contentHash, now),
        createdAt: new Date(now),
      });
      await tx.flush();
      await recountTally(tx, fundraiser.id);
      return created;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new CommentRepeated();
    throw error;
  }
  const avatarId = author.avatarMediaId ?? null;
  const avatar = avatarId === null ? undefined : (await avatarsById(em, links, [avatarId])).get(avatarId);
  return {
    id: comment.id,
    kind: 'comment',
    content: comment.content,
    createdAt: isoSeconds(comment.createdAt),
    author: { id: author.id, name: displayName(author), avatarUrl: avatar?.thumbnailUrl ?? null },
    likeCount: 0,
    likedByMe: false,
    donation: null,
  };
}

/**
 * Likes (or unlikes) a published comment for `viewer`, idempotently, and answers the new
 * count. One transaction: the comment's row is locked first, so that changes to its likes
 * happen one after another on either database; the like row is added (the unique key refuses
 * a second like of the same comment) or removed; and the count is recomputed from
 * the rows, never incremented, so it equals them at every commit.
 */
export async function setLike(em: EntityManager, viewer: User, commentId: number, liked: boolean): Promise<LikeView> {
  const { fundraiser } = await findVisibleComment(em, viewer, commentId);
  await consume(em, `comment:like:user:${viewer.id}`, commentLimits.likesPerUser);
  const likeCount = await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const locked = await connection.execute('update `comment` set `like_count` = `like_count` where `id` = ? and `status` = ?', [commentId, 'published'], 'run', context);
    // Hidden or deleted since it was read.
    if (Number((locked as { affectedRows?: number }).affectedRows ?? 0) === 0) throw new CommentNotFound();
    if (liked) {
      try {
        await tx.insert(CommentLikeSchema, { comment: commentId, user: viewer.id, createdAt: new Date() });
      } catch (error) {
        // Liked already: the key refused a second row, and only that statement failed.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
      }
    } else {
      await tx.nativeDelete(CommentLikeSchema, { comment: commentId, user: viewer.id });
    }
    await connection.execute(
      'update `comment` set `like_count` = (select count(*) from `comment_like` where `comment_id` = ?) where `id` = ?',
      [commentId, commentId],
      'run',
      context,
    );
    const [row] = await connection.execute<Array<{ like_count: number | string }>>('select `like_count` from `comment` where `id` = ?', [commentId], 'all', context);
    // The fundraiser's page shows like counts.
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
    return Number(row?.like_count ?? 0);
  });
  return { likeCount, likedByMe: liked };
}

/**
 * Its author deletes a comment; the fundraiser's organiser or an admin hides someone else's,
 * saying why. Either way the row stays, out of every list. One conditional update, so of two
 * people removing the same comment at once only one does (the other is told it is gone), in
 * the transaction that recounts the fundraiser's published comments.
 */
export async function removeComment(
  em: EntityManager,
  viewer: User,
  commentId: number,
  reason: string | undefined,
  coOrganisers: CoOrganisers = noCoOrganisers,
): Promise<RemoveCommentView> {
  const { comment, fundraiser } = await findVisibleComment(em, viewer, commentId);
  const own = comment.author?.id === viewer.id;
  if (!own && !(await mayModerate(em, fundraiser, viewer, coOrganisers))) throw new NotCommentAuthor();
  // Under review, what was said is the moderators' to judge: its organiser may not clear it away.
  if (fundraiser.status === 'SUSPENDED' && !viewer.admin) throw new CommentsClosed();
  if (!own && !reason) throw new ValidationFailed({ reason: { code: 'field.hide_reason' } });
  const removedAt = new Date();
  const status = own ? 'deleted' : 'hidden';
  await ensureTally(em, fundraiser.id);
  await em.transactional(async (tx) => {
    await lockTally(tx, fundraiser.id);
    const removed = await tx.nativeUpdate(
      CommentSchema,
      { id: commentId, status: 'published' },
      own ? { status, removedAt } : { status, removedAt, hiddenReason: reason, hiddenBy: viewer.id },
    );
    if (removed !== 1) throw new CommentNotFound();
    await recountTally(tx, fundraiser.id);
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
  });
  return { id: commentId, status };
}

/**
 * A donation whose words of support `viewer` may see, and its fundraiser: judged as its
 * comments are (a suspended fundraiser's exist only for its organiser and admins).
 */
export async function findVisibleWords(em: EntityManager, viewer: User | null, donationId: number): Promise<{ donationId: number; fundraiser: Fundraiser }> {
  const fundraiserId = await wordsOfSupportFundraiser(em, donationId);
  if (fundraiserId === null) throw new WordsNotFound();
  try {
    return { donationId, fundraiser: await findVisible(em, viewer, fundraiserId) };
  } catch (error) {
    if (error instanceof NotFound) throw new WordsNotFound();
    throw error;
  }
}

/**
 * The fundraiser's organiser or an admin hides a donor's words of support, saying why, as
 * they hide a comment: kept for the record, out of every list. The donation, its amount and
 * its name in the list of donations stay; only the words go.
 */
export async function hideWords(
  em: EntityManager,
  viewer: User,
  donationId: number,
  reason: string | undefined,
  coOrganisers: CoOrganisers = noCoOrganisers,
): Promise<RemoveCommentView> {
  const { fundraiser } = await findVisibleWords(em, viewer, donationId);
  if (!(await mayModerate(em, fundraiser, viewer, coOrganisers))) throw new NotWordsModerator();
  if (fundraiser.status === 'SUSPENDED' && !viewer.admin) throw new CommentsClosed();
  if (!reason) throw new ValidationFailed({ reason: { code: 'field.hide_reason' } });
  await em.transactional(async (tx) => {
    if (!(await hideWordsOfSupport(tx, donationId, { userId: viewer.id, reason }))) throw new WordsNotFound();
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
  });
  return { id: donationId, status: 'hidden' };
}
