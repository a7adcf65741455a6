import type { EntityManager } from '@mikro-orm/core';
import { CommentSchema, type CommentStatus } from './comment.entity.ts';

/** A comment as the review queue shows it, whatever its status; null when it no longer exists. */
export async function commentForReview(em: EntityManager, id: number): Promise<{ content: string; status: CommentStatus; fundraiserId: number } | null> {
  const comment = await em.findOne(CommentSchema, { id }, { fields: ['content', 'status', 'fundraiser'] });
  return comment ? { content: comment.content, status: comment.status, fundraiserId: comment.fundraiser.id } : null;
}
