import { raw, type EntityManager } from '@mikro-orm/core';
import { queryBuilder } from '../../kernel/db/index.ts';
import type { User } from '../accounts/index.ts';
import { wordsOfSupportCountQuery, wordsOfSupportQuery } from '../donations/index.ts';
import { displayName, findVisible, isoSeconds, pageOf, type Page } from '../fundraisers/index.ts';
import { avatarsById, type MediaLinks } from '../media/index.ts';
import { fromMinor, type Currency } from '../money/index.ts';
import { CommentLikeSchema, CommentSchema } from './comment.entity.ts';
import type { ConversationItem } from './comment.schemas.ts';

/** The number of published comments (from their tally) and of words of support. */
interface Totals {
  comment_total: number | string;
  donation_total: number | string;
}

/** One row of the union with the totals, as the database answers it (types vary by driver, hence the loose ones). */
interface ConversationRow extends Totals {
  kind: 'comment' | 'donation';
  id: number | string;
  content: string;
  at: number | string | Date;
  author_id: number | string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_media_id: number | string | null;
  like_count: number | string;
  donor_name: string | null;
  amount_minor: number | string | null;
  currency: Currency | null;
}

/** A datetime as a raw statement answers it: epoch milliseconds on SQLite, UTC text on MySQL. */
function storedDate(value: number | string | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number' || /^\d+$/.test(value)) return new Date(Number(value));
  return new Date(`${value.replace(' ', 'T')}Z`);
}

const nullableNumber = (value: number | string | null): number | null => (value === null ? null : Number(value));

/**
 * A fundraiser's conversation as `viewer` may see it: its published comments and the words of
 * support of its succeeded donations (donations module), newest first, with how many there
 * are, in one statement. Each side reads only the head of its own index, `(page + 1) × size`
 * rows at most, and the number of comments is read from their tally, so the first page costs
 * the same however long the conversation is. A suspended fundraiser's conversation is its
 * organiser's and the admins' alone, as the fundraiser is.
 */
export async function conversation(em: EntityManager, links: MediaLinks, viewer: User | null, fundraiserId: number, paging: { page: number; size: number }): Promise<Page<ConversationItem>> {
  await findVisible(em, viewer, fundraiserId);
  const depth = (paging.page + 1) * paging.size;
  const comments = queryBuilder(em, CommentSchema, 'c')
    .select([
      raw('c.id as id'),
      raw('c.content as content'),
      raw('c.created_at as at'),
      raw('c.author_id as author_id'),
      raw('a.first_name as first_name'),
      raw('a.last_name as last_name'),
      raw('a.avatar_media_id as avatar_media_id'),
      raw('c.like_count as like_count'),
    ])
    .leftJoin('c.author', 'a')
    .where({ fundraiser: fundraiserId, status: 'published' })
    .orderBy({ createdAt: 'desc', id: 'desc' })
    .limit(depth)
    .toQuery();
  const donations = wordsOfSupportQuery(em, fundraiserId, depth);
  const donationCount = wordsOfSupportCountQuery(em, fundraiserId);
  // Both totals read one row or one index range each, and ride along on every row of the page.
  const totals = `select coalesce((select published from \`comment_tally\` where fundraiser_id = ?), 0) as comment_total, (${donationCount.sql}) as donation_total`;
  const totalsParams = [fundraiserId, ...donationCount.params];
  // Derived tables rather than bare selects: SQLite allows ORDER BY and LIMIT in a compound
  // select's parts only inside one, and the columns line up by position, named by the first part.
  const sql = `select u.*, t.comment_total, t.donation_total from (
      select 'comment' as kind, c.id, c.content, c.at, c.author_id, c.first_name, c.last_name, c.avatar_media_id, c.like_count,
        null as donor_name, null as amount_minor, null as currency
      from (${comments.sql}) c
      union all
      select 'donation', d.id, d.message, d.at, null, null, null, null, 0, d.donor_name, d.shown_amount_minor, d.currency
      from (${donations.sql}) d
      order by at desc, kind, id desc
      limit ? offset ?
    ) u cross join (${totals}) t
    order by u.at desc, u.kind, u.id desc`;
  const connection = em.getConnection();
  const rows = (await connection.execute<ConversationRow[]>(sql, [...comments.params, ...donations.params, paging.size, paging.page * paging.size, ...totalsParams], 'all')) as ConversationRow[];
  // Past the last page no row carries the totals; an empty first page means there are none.
  const [counted] = rows.length || paging.page === 0 ? rows : ((await connection.execute(totals, totalsParams, 'all')) as Totals[]);
  const total = counted ? Number(counted.comment_total) + Number(counted.donation_total) : 0;

  const commentIds = rows.filter((r) => r.kind === 'comment').map((r) => Number(r.id));
  const avatarIds = [...new Set(rows.map((r) => nullableNumber(r.avatar_media_id)).filter((id): id is number => id !== null))];
  const [avatars, liked] = await Promise.all([
    avatarsById(em, links, avatarIds),
    viewer && commentIds.length ? likedBy(em, viewer.id, commentIds) : new Set<number>(),
  ]);
  const items = rows.map((row): ConversationItem => {
    const id = Number(row.id);
    const createdAt = isoSeconds(storedDate(row.at));
    if (row.kind === 'donation') {
      const donorName = row.donor_name?.trim();
      const amountMinor = nullableNumber(row.amount_minor);
      return {
        id,
        kind: 'donation',
        content: row.content,
        createdAt,
        author: donorName ? { id: null, name: donorName, avatarUrl: null } : null,
        likeCount: 0,
        likedByMe: false,
        donation: amountMinor !== null && row.currency ? { amount: fromMinor(amountMinor, row.currency), currency: row.currency } : null,
      };
    }
    const authorId = nullableNumber(row.author_id);
    const avatarId = nullableNumber(row.avatar_media_id);
    return {
      id,
      kind: 'comment',
      content: row.content,
      createdAt,
      author:
        authorId === null
          ? null
          : {
              id: authorId,
              name: displayName({ firstName: row.first_name ?? '', lastName: row.last_name ?? '' }),
              avatarUrl: avatarId === null ? null : (avatars.get(avatarId)?.thumbnailUrl ?? null),
            },
      likeCount: Number(row.like_count),
      likedByMe: liked.has(id),
      donation: null,
    };
  });
  return pageOf(items, paging, total);
}

async function likedBy(em: EntityManager, userId: number, commentIds: number[]): Promise<Set<number>> {
  const likes = await em.find(CommentLikeSchema, { user: userId, comment: { $in: commentIds } }, { fields: ['comment'] });
  return new Set(likes.map((like) => like.comment.id));
}
