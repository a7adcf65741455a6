import { createChangeFeed } from './change-feed.ts';

export { createChangeFeed, seenVersions } from './change-feed.ts';
export type { ChangeFeed, ChangeOrigin, SeenVersions, SharedSource } from './change-feed.ts';
export { noteChanges, trackChanges } from './change-tracking.ts';
export { shareChanges } from './shared-changes.ts';
export { ChangeVersionSchema } from './change-version.entity.ts';
export type { ChangeKeys, ChangeWatchers } from './change-tracking.ts';

/**
 * The process's feed. One per process because a change and the caches it makes stale may be
 * anywhere in it (a webhook's transaction, a job, a page's render cache); tests that need
 * their own pass one to the functions that take a feed.
 */
export const changes = createChangeFeed();
