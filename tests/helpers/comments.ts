import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { User } from '../../modules/accounts/index.ts';
import { CommentSchema, recountComments, type Comment } from '../../modules/comments/index.ts';

/**
 * A published comment written straight to the database (no rate limits, no repeat check), at
 * a chosen time, and counted as the service would. A null author: the account is gone.
 */
export async function storedComment(orm: MikroORM, fundraiserId: number, author: User | null, content: string, createdAt = new Date()): Promise<Comment> {
  const em = orm.em.fork();
  const row = em.create(CommentSchema, {
    fundraiser: fundraiserId,
    author: author?.id ?? null,
    content,
    status: 'published',
    hiddenReason: null,
    hiddenBy: null,
    removedAt: null,
    likeCount: 0,
    repeatKey: randomUUID(),
    createdAt,
  });
  await em.flush();
  await recountComments(orm.em.fork(), fundraiserId);
  return row;
}
