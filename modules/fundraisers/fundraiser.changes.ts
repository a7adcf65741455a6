import type { ChangeWatchers } from '../../kernel/changes/index.ts';

/**
 * The names under which pages showing fundraisers are kept in caches (kernel/changes): a
 * change raises the key, and every copy read under it is stale from the next request on.
 */
export const fundraiserKeys = {
  one: (id: number) => `fundraiser:${id}`,
  /** Every list of fundraisers: a total, a status or a title moves cards and their order. */
  lists: 'fundraisers',
  /**
   * Which fundraisers are shown at all, and as what: one started, deleted, suspended, closed,
   * retitled or given another photo. Raised with `lists`; a total alone does not raise it.
   */
  listing: 'fundraisers:listing',
  /** Names and pictures of organisers and authors, shown beside fundraisers and updates. */
  people: 'people',
} as const;

/** What a card shows besides its totals. */
const shownOnCards = new Set(['title', 'description', 'status', 'category', 'location', 'currency', 'goalMinor', 'beneficiaryName']);

const idOf = (reference: unknown): number => (typeof reference === 'object' && reference !== null ? Number((reference as { id: unknown }).id) : Number(reference));
const shownOfUser = new Set(['firstName', 'lastName', 'avatarMediaId']);

/** What a flushed change to these entities makes stale. Totals move by SQL of their own (addToTotals notes them). */
export const fundraiserChangeWatchers: ChangeWatchers = {
  Fundraiser: (f, changed) => [
    fundraiserKeys.one(idOf(f.id)),
    fundraiserKeys.lists,
    ...(changed.some((name) => shownOnCards.has(name)) ? [fundraiserKeys.listing] : []),
  ],
  FundraiserUpdate: (update) => [fundraiserKeys.one(idOf(update.fundraiser))],
  Media: (media) => (media.entityType === 'FUNDRAISER' ? [fundraiserKeys.one(idOf(media.entityId)), fundraiserKeys.lists, fundraiserKeys.listing] : []),
  // A new user is shown nowhere until they write something, which raises keys of its own.
  User: (_user, changed, kind) => (kind !== 'create' && changed.some((name) => shownOfUser.has(name)) ? [fundraiserKeys.people] : []),
};
