import { z } from 'zod';
import { oneLine, plainText, visibleOrEmpty } from '../../kernel/http/index.ts';
import { pageResponse } from '../fundraisers/index.ts';
import { currencies } from '../money/index.ts';

const id = z.number().int().min(1);

export const postCommentRequest = z.strictObject({
  fundraiserId: id,
  /** The site sends the author's id; it must be the signed-in user. */
  userId: id,
  /** Plain text: line breaks kept, anything else stored and shown exactly as typed, never as HTML. */
  // Only invisible characters (zero-width spaces, fillers) would put a blank comment on the page.
  content: z.string().transform((text) => visibleOrEmpty(plainText(text))).pipe(z.string().min(1).max(2000)),
});
export type PostCommentRequest = z.output<typeof postCommentRequest>;

/** Needed only when an organiser or admin hides someone else's comment; an author deleting their own sends nothing. */
export const removeCommentRequest = z
  .strictObject({ reason: z.string().transform(oneLine).pipe(z.string().min(1).max(500)).optional() })
  .optional();

export const commentParams = z.object({ id: z.coerce.number().int().min(1) });
export const fundraiserParams = z.object({ fundraiserId: z.coerce.number().int().min(1) });

/** 0-based pages of at most 50. */
export const conversationQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/**
 * Who wrote it, by name: never an e-mail address. `id` is null for a donor, who is shown by
 * the name they gave with their donation, not as an account.
 */
const author = z.object({ id: z.number().nullable(), name: z.string(), avatarUrl: z.string().nullable() });

/**
 * One entry of a fundraiser's conversation: a comment, or a donor's words of support sent
 * with a succeeded donation. Ids are per kind (a comment and a donation may share one).
 */
export const conversationItemResponse = z.object({
  id: z.number(),
  kind: z.enum(['comment', 'donation']),
  content: z.string(),
  createdAt: z.string(),
  /**
   * Null for a donation given anonymously (shown as Anonymous) and for a comment whose
   * author's account no longer exists.
   */
  author: author.nullable(),
  /** Always 0 for a donation: donations cannot be liked. */
  likeCount: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  /** For a donation whose donor let the amount be shown: a decimal string in `currency`; null otherwise. */
  donation: z.object({ amount: z.string(), currency: z.enum(currencies) }).nullable(),
});
export type ConversationItem = z.output<typeof conversationItemResponse>;

export const conversationResponse = pageResponse(conversationItemResponse);

export const likeResponse = z.object({ likeCount: z.number().int().nonnegative(), likedByMe: z.boolean() });
export type LikeView = z.output<typeof likeResponse>;

export const removeCommentResponse = z.object({ id: z.number(), status: z.enum(['deleted', 'hidden']) });
export type RemoveCommentView = z.output<typeof removeCommentResponse>;
