/**
 * A fundraiser's conversation (its comments and donors' words of support) as the API pages it
 * (modules/comments; types only), and what its section on the page and its island share.
 * Browser-safe: no catalogues, no server code.
 */
import type { ConversationItem, LikeView } from '../../../modules/comments/comment.schemas.ts';
import type { FlagRequest } from '../../../modules/flags/flag.schemas.ts';
import type { Page } from './fundraiser.ts';

export type { ConversationItem, LikeView };
export type ConversationPage = Page<ConversationItem>;
export type FlagReason = FlagRequest['reason'];
export type FlagTarget = { targetType: FlagRequest['targetType']; targetId: number };

/** In the order the report dialog offers them (modules/flags). */
export const flagReasons = ['SPAM', 'ABUSE', 'FRAUD', 'OTHER'] as const satisfies readonly FlagReason[];

/** The API's limits (modules/comments, modules/flags), mirrored so that the browser stops typing there. */
export const commentLimits = { content: 2000, hideReason: 500, reportDetails: 1000 } as const;

/** Ten on the page; "Show more" adds ten (?commentsPage=N without JavaScript, up to the largest N the API takes). */
export const conversationPageSize = 10;
export const maxConversationPage = 100_000;

/** Comments and donations are numbered apart, so an item is known by both. */
export const itemKey = (item: Pick<ConversationItem, 'kind' | 'id'>): string => `${item.kind}-${item.id}`;

/**
 * The items of a later page that are not shown yet: a comment posted since the first page was
 * read moves every later one down by one, so the next page repeats what ends this one.
 */
export function newItems(shown: readonly ConversationItem[], fetched: readonly ConversationItem[]): ConversationItem[] {
  const keys = new Set(shown.map(itemKey));
  return fetched.filter((item) => !keys.has(itemKey(item)));
}

/**
 * The page that holds the item after the last one shown, `first` being the page the list
 * began with. Counting what is shown now (not the pages fetched) means that a comment removed
 * here makes the next page start one earlier rather than skip one.
 */
export function nextPageIndex(first: number, size: number, shown: number): number {
  return Math.floor((first * size + shown) / size);
}

/** Up to two letters for a name shown without a photo: 'Almaz Tadesse' → 'AT', 'Liya & Dawit' → 'LD'. */
export function initials(name: string): string {
  return (name.match(/\p{L}+/gu) ?? [])
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago `iso` was at `now`, in the page's language: 'now', '3 hours ago', 'yesterday'
 * ('አሁን', 'ከ3 ሰዓቶች በፊት', 'ትናንት'). A time ahead of `now` (a clock a little behind the
 * server's) counts as now.
 */
export function relativeTime(lang: 'en' | 'am', iso: string, now: number): string {
  const locale = lang === 'am' ? 'am-ET' : 'en-US';
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  const seconds = Math.min(0, Math.round((Date.parse(iso) - now) / 1000));
  for (const [unit, size] of units) {
    if (-seconds >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
