import type { EntityManager } from '@mikro-orm/core';
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

/** `teamId=12`, as the team page searches (spec section 7). */
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
 * Ordering only, never money shown or stored: "most funded" compares totals in different
 * currencies, so a dollar counts as this many birr (roughly the 2025–26 rate; being off by
 * a lot only reorders a little).
 */
export const birrPerDollarForOrdering = 150;

/**
 * The ids of one page of fundraisers matching the filter, in order, and how many match in
 * all. Written in SQL because the text search differs per dialect: an FTS5 table on SQLite
 * (prefix queries, bm25 with the title weighted 10:1), an InnoDB FULLTEXT index on MySQL and
 * MariaDB (boolean mode with prefixes; words shorter than InnoDB's minimum token, common in
 * Amharic such as ቤት or ልጅ, are matched with LIKE instead). Every value is a parameter.
 */
export async function findFundraiserIds(em: EntityManager, filter: FundraiserFilter): Promise<{ ids: number[]; total: number }> {
  const fullText = em.getPlatform().supportsCreatingFullTextIndex();
  const where: string[] = [`f.status in (${filter.statuses.map(() => '?').join(', ')})`];
  const params: unknown[] = [...filter.statuses];
  let from = '`fundraiser` f';
  let relevance: { sql: string; params: unknown[] } | null = null;

  for (const [column, value] of [['category_id', filter.categoryId], ['location_id', filter.locationId], ['owner_id', filter.ownerId], ['team_id', filter.teamId]] as const) {
    if (value === undefined) continue;
    where.push(`f.\`${column}\` = ?`);
    params.push(value);
  }

  const terms = filter.text ? searchTerms(filter.text) : [];
  if (terms.length && !fullText) {
    from += ' join `fundraiser_search` on `fundraiser_search`.rowid = f.`id`';
    where.push('`fundraiser_search` match ?');
    params.push(terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(' '));
    relevance = { sql: 'bm25(`fundraiser_search`, 10.0, 1.0) asc', params: [] };
  } else if (terms.length) {
    const indexed = terms.filter((t) => [...t].length >= mysqlMinTokenLength);
    const short = terms.filter((t) => [...t].length < mysqlMinTokenLength);
    if (indexed.length) {
      const against = indexed.map((t) => `+${t}*`).join(' ');
      where.push('match(f.`title`, f.`description`) against (? in boolean mode)');
      params.push(against);
      relevance = {
        sql: '(10 * match(f.`title`) against (? in boolean mode) + match(f.`title`, f.`description`) against (? in boolean mode)) desc',
        params: [against, against],
      };
    }
    for (const t of short) {
      const pattern = `%${t.replace(/[\\%_]/g, '\\$&')}%`;
      where.push('(f.`title` like ? or f.`description` like ?)');
      params.push(pattern, pattern);
    }
  }

  const orderings: Record<Exclude<FundraiserSort, 'relevance'>, string> = {
    newest: 'f.`created_at` desc',
    most_funded: `(case when f.\`currency\` = 'USD' then f.\`raised_minor\` * ${birrPerDollarForOrdering} else f.\`raised_minor\` end) desc, f.\`donation_count\` desc`,
    // Nearest to the goal first; those that reached it go after all that have not.
    closest_to_goal: 'case when f.`raised_minor` >= f.`goal_minor` then 1 else 0 end asc, (f.`raised_minor` * 10000) / f.`goal_minor` desc',
  };
  const sort = filter.sort === 'relevance' ? (relevance ? null : 'newest') : filter.sort;
  const order = sort === null ? relevance!.sql : orderings[sort];
  const orderParams = sort === null ? relevance!.params : [];

  const condition = where.join(' and ');
  const connection = em.getConnection();
  const [counted] = (await connection.execute(`select count(*) as total from ${from} where ${condition}`, params)) as { total: number | string }[];
  const total = Number(counted?.total ?? 0);
  if (total === 0 || filter.page * filter.size >= total) return { ids: [], total };
  const rows = (await connection.execute(
    `select f.\`id\` as id from ${from} where ${condition} order by ${order}, f.\`id\` desc limit ${filter.size} offset ${filter.page * filter.size}`,
    [...params, ...orderParams],
  )) as { id: number | string }[];
  return { ids: rows.map((row) => Number(row.id)), total };
}
