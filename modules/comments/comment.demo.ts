import type { EntityManager } from '@mikro-orm/core';
import { ensureVerifiedUser, type User } from '../accounts/index.ts';
import type { Fundraiser } from '../fundraisers/index.ts';
import { demoComments, demoSupporters, type DemoPerson } from './comment.demo-data.ts';
import { CommentLikeSchema, CommentSchema } from './comment.entity.ts';
import { recountComments } from './comment.tally.ts';

const hour = 60 * 60_000;

/**
 * Demo comments and likes on some demo fundraisers, by demo supporters and the organisers,
 * stored as the service stores them: each like a row, each comment's count and each
 * fundraiser's tally recounted from the rows. For a fresh database only (the caller checks).
 * Answers how many comments were made.
 */
export async function seedDemoComments(em: EntityManager, fundraisers: readonly Pick<Fundraiser, 'id' | 'title' | 'owner' | 'createdAt'>[], now = new Date()): Promise<number> {
  const supporters: User[] = [];
  for (const supporter of demoSupporters) supporters.push(await ensureVerifiedUser(em, supporter));
  let made = 0;
  for (const f of fundraisers) {
    const conversation = demoComments[f.title];
    if (!conversation) continue;
    const person = (who: DemoPerson): number => (who === 'organiser' ? f.owner.id : supporters[who]!.id);
    for (const demo of conversation) {
      const createdAt = new Date(Math.max(now.getTime() - demo.hoursAgo * hour, f.createdAt.getTime() + hour));
      const comment = em.create(CommentSchema, {
        fundraiser: f.id,
        author: person(demo.by),
        content: demo.content,
        status: 'published',
        hiddenReason: null,
        hiddenBy: null,
        removedAt: null,
        likeCount: demo.likedBy.length,
        // Unique per author, as the service's are, and never one a real comment's hash could take.
        repeatKey: `demo:${f.id}:${made}`,
        createdAt,
      });
      for (const [i, who] of demo.likedBy.entries()) em.create(CommentLikeSchema, { comment, user: person(who), createdAt: new Date(createdAt.getTime() + (i + 1) * 10 * 60_000) });
      made += 1;
    }
    await em.flush();
    await recountComments(em, f.id);
  }
  return made;
}
