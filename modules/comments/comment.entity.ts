import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';

/** Never deleted as rows: authors delete, moderators hide, and both are kept for the record (CONTEXT.md). */
export const commentStatuses = ['published', 'hidden', 'deleted'] as const;
export type CommentStatus = (typeof commentStatuses)[number];

export const CommentSchema = defineEntity({
  name: 'Comment',
  tableName: 'comment',
  indexes: [
    // A fundraiser's conversation, newest first: its first page reads the head of this index
    // whatever the number of comments (the id, part of every index entry, breaks ties).
    { properties: ['fundraiser', 'status', 'createdAt'] },
    // The digest job looks only at recent comments.
    { properties: ['createdAt'] },
  ],
  // The same text by the same author twice within a minute; see `repeatKey`.
  uniques: [{ properties: ['author', 'repeatKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    // A fundraiser deleted (one without donations) takes its conversation with it.
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    /** Null once the account is gone; the words stay. */
    author: p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    /** Plain text with its line breaks, 1–2,000 characters; never HTML. */
    content: p.text(),
    status: p.enum(commentStatuses).default('published'),
    /** Why a moderator hid it, and who; null unless hidden. */
    hiddenReason: p.string().length(500).nullable(),
    hiddenBy: p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    /** When it was hidden or deleted. */
    removedAt: p.datetime().nullable(),
    /**
     * How many CommentLike rows it has, recounted from them in the transaction that adds or
     * removes one, under this row's lock: equal to the rows at every commit.
     */
    likeCount: p.integer().default(0),
    /**
     * A hash of the text and the minute it was posted in: with the unique key on (author,
     * repeatKey), the same text sent twice at once (a double click, two tabs) is stored once,
     * where checking first would let both through on MySQL.
     */
    repeatKey: p.string().length(80),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Comment = InferEntity<typeof CommentSchema>;

/** One person's like of one comment; the unique key makes a second like of the same comment no like at all. */
export const CommentLikeSchema = defineEntity({
  name: 'CommentLike',
  tableName: 'comment_like',
  uniques: [{ properties: ['comment', 'user'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    comment: p.manyToOne(CommentSchema).deleteRule('cascade'),
    // Not cascade: removing a user's likes must recount their comments (CONTEXT.md).
    user: p.manyToOne(UserSchema).deleteRule('restrict'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type CommentLike = InferEntity<typeof CommentLikeSchema>;

/**
 * How many published comments a fundraiser has, recounted from the rows in each transaction
 * that publishes or removes one, under this row's lock, which such transactions take first.
 * A conversation's size is read here rather than counted, so that its first page costs the
 * same however long it is.
 */
export const CommentTallySchema = defineEntity({
  name: 'CommentTally',
  tableName: 'comment_tally',
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade').unique(),
    published: p.integer(),
  },
});

export type CommentTally = InferEntity<typeof CommentTallySchema>;

/**
 * Where a fundraiser's organiser was last told of new comments: the newest comment the last
 * digest covered, and when it was claimed. Made by the first digest, then claimed by
 * conditional update; no row, no digest yet.
 */
export const CommentDigestSchema = defineEntity({
  name: 'CommentDigest',
  tableName: 'comment_digest',
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade').unique(),
    lastCommentId: p.integer(),
    sentAt: p.datetime(),
  },
});

export type CommentDigest = InferEntity<typeof CommentDigestSchema>;
