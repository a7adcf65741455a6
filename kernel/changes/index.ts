export { createChangeFeed, seenVersions } from './change-feed.ts';
export type { ChangeFeed, ChangeOrigin, SeenVersions, SharedSource } from './change-feed.ts';
export { noteChanges, trackChanges } from './change-tracking.ts';
export { shareChanges } from './shared-changes.ts';
export { ChangeVersionSchema } from './change-version.entity.ts';
export type { ChangeKeys, ChangeWatchers } from './change-tracking.ts';

