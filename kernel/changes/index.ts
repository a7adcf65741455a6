export { createChangeFeed, seenVersions } from './change-feed.ts';
export type { ChangeFeed, SeenVersions } from './change-feed.ts';
export { noteChanges, trackChanges } from './change-tracking.ts';
export { shareChanges } from './shared-changes.ts';
export { ChangeVersionSchema } from './change-version.entity.ts';
export type { ChangeWatchers } from './change-tracking.ts';

