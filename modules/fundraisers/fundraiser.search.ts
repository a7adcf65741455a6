import type { EntityManager } from '@mikro-orm/core';
import { containing } from '../../kernel/db/index.ts';
import type { FundraiserStatus } from './fundraiser.entity.ts';
import type { FundraiserSort } from './fundraiser.schemas.ts';

/**
 * InnoDB's default full-text stopwords. MySQL never indexes them, so a query requiring one
 * would find nothing there; they are dropped on SQLite too, so both dialects answer alike.
 */
const stopwords = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(' '),
);

/** InnoDB's `innodb_ft_min_token_size`: shorter words are not in a FULLTEXT index. */
const mysqlMinTokenLength = 3;

/**
 * The words of a search, lower-cased: runs of letters, digits and combining marks (Ethiopic
 * syllables are letters; ፡ ። ፣ and ASCII punctuation separate words). Single characters and
 * stopwords are dropped; at most 8 words of at most 40 characters each.
 */
export function searchTerms(text: string): string[] {
  const words = text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const terms = words.map((w) => [...w].slice(0, 40).join('')).filter((w) => [...w].length > 1 && !stopwords.has(w));
  return [...new Set(terms)].slice(0, 8);
}

/** `teamId=12` as the whole query (`/api/fundraisers/search?query=teamId=12`): how the team page finds the team's fundraiser. */
export function teamIdIn(query: string | undefined): number | null {
  const match = /^\s*teamId\s*=\s*(\d{1,9})\s*$/i.exec(query ?? '');
  return match ? Number(match[1]) : null;
}

export interface FundraiserFilter {
  statuses: readonly FundraiserStatus[];
  categoryId?: number | undefined;
  locationId?: number | undefined;
  ownerId?: number | undefined;
  teamId?: number | undefined;
  text?: string | undefined;
  sort: FundraiserSort;
  page: number;
  size: number;
}

/**
 * A text search ranks at most this many best matches (by relevance alone), then filters,
 * sorts and pages those. Ranking every match would make a common word cost more as the site
 * grows; nobody reads past the thousandth result, and `totalElements` says "1000" then.
 */
export const searchDepth = 1000;

/** Keeps the totals of unfiltered-by-text lists for a few seconds (fundraiser.totals-cache.ts). */
export interface TotalsCache {
  get(key: string): number | undefined;
  set(key: string, total: number): void;
}

interface Matches {
  /** A derived table `s` of (`id`, `score`): the best matches, at most `searchDepth` of them. */
  sql: string;
  params: unknown[];
  /** Best first. */
  order: string;
}

/**
 * The best matches of a text search, from the index alone. SQLite: an FTS5 table (prefix
 * queries, bm25 with the title weighted 10:1). MySQL and MariaDB: InnoDB FULLTEXT indexes in
 * boolean mode with prefixes, the title's own index adding weight; words shorter than InnoDB's
 * minimum token (common in Amharic, such as ቤት or ልጅ) are matched with LIKE instead.
 */
function matches(em: EntityManager, terms: string[]): Matches {
  if (!em.getPlatform().supportsCreatingFullTextIndex()) {
    return {
      sql: `(select rowid as id, bm25(\`fundraiser_search\`, 10.0, 1.0) as score from \`fundraiser_search\` where \`fundraiser_search\` match ? order by score limit ${searchDepth}) s`,
      params: [terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(' ')],
      order: 's.score asc',
    };
  }
  const indexed = terms.filter((t) => [...t].length >= mysqlMinTokenLength);
  const short = terms.filter((t) => [...t].length < mysqlMinTokenLength);
  const where: string[] = [];
  const params: unknown[] = [];
  let score = '0';
  if (indexed.length) {
    const against = indexed.map((t) => `+${t}*`).join(' ');
    score = '(10 * match(`title`) against (? in boolean mode) + match(`title`, `description`) against (? in boolean mode))';
    params.push(against, against);
    where.push('match(`title`, `description`) against (? in boolean mode)');
    params.push(against);
  }
  for (const t of short) {
    const pattern = containing(t);
    where.push('(`title` like ? or `description` like ?)');
    params.push(pattern, pattern);
  }
  return {
    sql: `(select \`id\`, ${score} as score from \`fundraiser\` where ${where.join(' and ')} order by score desc, \`id\` desc limit ${searchDepth}) s`,
    params,
    order: 's.score desc',
  };
}

/**
 * Each order reads an index slice (entity indexes on status, category or location with
 * `created_at`, `funded_rank` or `goal_rank`); ties go to the newer row.
 */
const orderings: Record<Exclude<FundraiserSort, 'relevance'>, string> = {
  newest: 'f.`created_at` desc',
  most_funded: 'f.`funded_rank` desc, f.`donation_count` desc',
  closest_to_goal: 'f.`goal_rank` desc',
};

/**
 * The ids of one page of fundraisers matching the filter, in order, and how many match in
 * all. Written in SQL because the text search differs per dialect. Every value is a parameter.
 */
export async function findFundraiserIds(em: EntityManager, filter: FundraiserFilter, totals?: TotalsCache): Promise<{ ids: number[]; total: number }> {
  const where: string[] = [`f.status in (${filter.statuses.map(() => '?').join(', ')})`];
  const params: unknown[] = [...filter.statuses];
  for (const [column, value] of [['category_id', filter.categoryId], ['location_id', filter.locationId], ['owner_id', filter.ownerId]] as const) {
    if (value === undefined) continue;
    where.push(`f.\`${column}\` = ?`);
    params.push(value);
  }
  // A team raises for one fundraiser (the teams module's table); a removed team for none.
  if (filter.teamId !== undefined) {
    where.push('f.`id` in (select t.`fundraiser_id` from `team` t where t.`id` = ? and t.`removed_at` is null)');
    params.push(filter.teamId);
  }
  const condition = where.join(' and ');
  const limit = `limit ${filter.size} offset ${filter.page * filter.size}`;
  const connection = em.getConnection();
  const terms = filter.text ? searchTerms(filter.text) : [];

  if (terms.length) {
    const found = matches(em, terms);
    const order = filter.sort === 'relevance' ? found.order : orderings[filter.sort];
    // At most `searchDepth` rows, so the window count is cheap and saves a second query.
    // `cross join` keeps the matches as the outer loop: SQLite would otherwise walk the status
    // index of the whole table and probe the matches once per row (MySQL reads it as a join).
    const rows = (await connection.execute(
      `select f.\`id\` as id, count(*) over () as total from ${found.sql} cross join \`fundraiser\` f on f.\`id\` = s.id where ${condition} order by ${order}, f.\`id\` desc ${limit}`,
      [...found.params, ...params],
    )) as { id: number | string; total: number | string }[];
    if (rows.length || filter.page === 0) return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0]?.total ?? 0) };
    const [counted] = (await connection.execute(`select count(*) as total from ${found.sql} cross join \`fundraiser\` f on f.\`id\` = s.id where ${condition}`, [...found.params, ...params])) as { total: number | string }[];
    return { ids: [], total: Number(counted?.total ?? 0) };
  }

  const order = orderings[filter.sort === 'relevance' ? 'newest' : filter.sort];
  const key = JSON.stringify([filter.statuses, filter.categoryId, filter.locationId, filter.ownerId, filter.teamId]);
  let total = totals?.get(key);
  if (total === undefined) {
    const [counted] = (await connection.execute(`select count(*) as total from \`fundraiser\` f where ${condition}`, params)) as { total: number | string }[];
    total = Number(counted?.total ?? 0);
    totals?.set(key, total);
  }
  const rows = (await connection.execute(`select f.\`id\` as id from \`fundraiser\` f where ${condition} order by ${order}, f.\`id\` desc ${limit}`, params)) as { id: number | string }[];
  return { ids: rows.map((row) => Number(row.id)), total };
}
