import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { CommentTallySchema } from './comment.entity.ts';

const affected = (result: unknown): number => Number((result as { affectedRows?: number }).affectedRows ?? 0);

/**
 * Makes the fundraiser's tally row if it has none, outside any transaction: made inside one,
 * two first comments at once would each wait for the other's lock on the missing key (MySQL).
 */
export async function ensureTally(em: EntityManager, fundraiserId: number): Promise<void> {
  if ((await em.count(CommentTallySchema, { fundraiser: fundraiserId })) > 0) return;
  try {
    await em.insert(CommentTallySchema, { fundraiser: fundraiserId, published: 0 });
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
}

/**
 * Takes the tally row's write lock for the rest of `tx`: first, before the comment rows are
 * touched, so that transactions changing one fundraiser's comments happen one after another
 * and never wait for each other the other way round.
 */
export async function lockTally(tx: EntityManager, fundraiserId: number): Promise<void> {
  const locked = await tx.getConnection().execute('update `comment_tally` set `published` = `published` where `fundraiser_id` = ?', [fundraiserId], 'run', tx.getTransactionContext());
  if (affected(locked) !== 1) throw new Error(`no comment tally for fundraiser ${fundraiserId}; ensureTally makes it`);
}

/** Sets the tally to the published rows as `tx` sees them, under the lock `lockTally` took. */
export async function recountTally(tx: EntityManager, fundraiserId: number): Promise<void> {
  await tx.getConnection().execute(
    'update `comment_tally` set `published` = (select count(*) from `comment` where `fundraiser_id` = ? and `status` = ?) where `fundraiser_id` = ?',
    [fundraiserId, 'published', fundraiserId],
    'run',
    tx.getTransactionContext(),
  );
}

/** For whoever writes comment rows in bulk, bypassing the service (a benchmark, a test): the tally as the rows are. */
export async function recountComments(em: EntityManager, fundraiserId: number): Promise<void> {
  await ensureTally(em, fundraiserId);
  await em.transactional(async (tx) => {
    await lockTally(tx, fundraiserId);
    await recountTally(tx, fundraiserId);
  });
}
