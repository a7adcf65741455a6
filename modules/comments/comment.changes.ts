import type { ChangeWatchers } from '../../kernel/changes/index.ts';
import { fundraiserKeys } from '../fundraisers/index.ts';

const idOf = (reference: unknown): number => (typeof reference === 'object' && reference !== null ? Number((reference as { id: unknown }).id) : Number(reference));

/**
 * A flushed comment (a new one) changes its fundraiser's page. Hiding, deleting and likes are
 * statements of their own and raise the same key themselves (comment.service.ts).
 */
export const commentChangeWatchers: ChangeWatchers = {
  Comment: (comment) => [fundraiserKeys.one(idOf(comment.fundraiser))],
};
