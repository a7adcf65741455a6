import { createHmac, randomBytes } from 'node:crypto';
import { DeadlockException, LockWaitTimeoutException, UniqueConstraintViolationException, raw, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { addisDay, hourOf } from '../../kernel/calendar/index.ts';
import { addToCounts as add, insertOnce } from '../../kernel/db/index.ts';
import { existingFundraiserIds } from '../fundraisers/index.ts';
import { AnalyticsSaltSchema, ReferrerDaySchema, ShareHourSchema, TrafficHourSchema, VisitorAddressSchema, VisitorSeenSchema, type ShareChannel, type VisitChannel } from './report.entity.ts';

/** Salts (and the visitors they made) are kept this long: yesterday's, for a visit across midnight, and today's. */
export const saltLifetimeMs = 48 * 60 * 60_000;

/** More views than this between two flushes are not counted: a flood is not an audience. */
const maxPending = 20_000;
/**
 * More views of one fundraiser from one address between two flushes (5 s) are not counted,
 * nor more share clicks: nobody reads a page 20 times in 5 seconds, while a mobile
 * carrier's shared address may well carry several readers.
 */
const maxViewsPerAddress = 20;
const maxSharesPerAddress = 5;
/**
 * Visitors of one fundraiser counted from one address in a day, whatever user agents it
 * sends: a household or an office behind one router is a few people, while rotating the user
 * agent is free. Readers behind a carrier's shared address beyond these are views, not visitors.
 */
const maxVisitorsPerAddress = 5;

/**
 * Crawlers, link previews (the messengers' too: WhatsApp, Viber), headless browsers,
 * monitors and programming libraries, dropped before anything is hashed.
 * A closed list, as the trackers keep: what it misses inflates counts a little, nothing worse.
 */
const bots = /bot|crawl|spider|slurp|preview|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python-requests|httpclient|facebookexternalhit|embedly|vkshare|bingpreview|whatsapp\/|viber|skypeuri|go-http-client|axios|node-fetch|undici|okhttp|java\/|postman|python-urllib|python-httpx|aiohttp|scrapy|libwww|^node$/i;
export const isBot = (userAgent: string): boolean => !userAgent.trim() || bots.test(userAgent);

/** The address part of a pending view's visitor. */
const addressOf = (visitor: string): string => visitor.split('|', 1)[0]!;

interface PendingView {
  fundraiserId: number;
  channel: VisitChannel;
  referrerHost: string | null;
  /** `address|user agent`, hashed at the flush and never stored. */
  visitor: string;
  at: Date;
}

export interface VisitCounter {
  view(view: Omit<PendingView, 'at'>, at?: Date): void;
  share(fundraiserId: number, channel: ShareChannel, options?: { at?: Date; address?: string }): void;
  /** Writes what was counted since the last flush; answers how many views and shares it wrote. */
  flush(em: EntityManager): Promise<number>;
}

/**
 * Counts page views and share clicks in memory and writes them as hourly and daily sums at
 * each flush (the app flushes every few seconds and when it stops): counting a view costs a
 * push to an array, and a crash loses those seconds of counts, nothing else.
 */
export function createVisitCounter(deps: { logger: Logger }): VisitCounter {
  let views: PendingView[] = [];
  let shares: Array<{ fundraiserId: number; channel: ShareChannel; at: Date }> = [];
  let flushing: Promise<number> | null = null;
  // Visitors (fundraiser | day | hash) this instance has written: a returning reader costs a
  // lookup, not an insert refused by the unique key. Bounded; forgetting only costs that insert.
  const known = new Set<string>();
  const remember = (seenKey: string) => {
    if (known.size >= 200_000) known.clear();
    known.add(seenKey);
  };
  // Counts per address and fundraiser since the last flush, for the limits above.
  let fromAddress = new Map<string, number>();
  const allowed = (key: string, max: number): boolean => {
    const seen = fromAddress.get(key) ?? 0;
    if (seen >= max) return false;
    fromAddress.set(key, seen + 1);
    return true;
  };

  async function write(em: EntityManager, batchViews: PendingView[], batchShares: typeof shares): Promise<number> {
    const ids = [...new Set([...batchViews, ...batchShares].map((v) => v.fundraiserId))];
    const existing = await existingFundraiserIds(em, ids);
    const knownViews = batchViews.filter((v) => existing.has(v.fundraiserId));
    const knownShares = batchShares.filter((s) => existing.has(s.fundraiserId));
    const salts = knownViews.length ? await saltsFor(em, [...new Set(knownViews.map((v) => addisDay(v.at)))]) : new Map<string, string>();

    const traffic = new Map<string, { fundraiser: number; hour: Date; channel: VisitChannel; views: number; visitors: number }>();
    const referrers = new Map<string, { fundraiser: number; day: string; host: string; views: number }>();
    const seen = new Map<string, SeenVisitor>();
    const hashes = new Map<string, string>();
    const hash = (day: string, text: string) => createHmac('sha256', salts.get(day)!).update(text).digest('hex').slice(0, 32);
    for (const v of knownViews) {
      const hour = hourOf(v.at);
      const day = addisDay(v.at);
      const key = `${v.fundraiserId}|${hour.getTime()}|${v.channel}`;
      const row = traffic.get(key) ?? { fundraiser: v.fundraiserId, hour, channel: v.channel, views: 0, visitors: 0 };
      row.views += 1;
      traffic.set(key, row);
      // A visitor's many views in one flush are hashed once.
      const said = `${day}|${v.visitor}|${v.fundraiserId}`;
      let visitorHash = hashes.get(said);
      if (visitorHash === undefined) {
        visitorHash = hash(day, `${v.visitor}|${v.fundraiserId}`);
        hashes.set(said, visitorHash);
      }
      const seenKey = `${v.fundraiserId}|${day}|${visitorHash}`;
      if (!seen.has(seenKey)) seen.set(seenKey, { fundraiser: v.fundraiserId, day, visitorHash, addressHash: hash(day, `${addressOf(v.visitor)}|${v.fundraiserId}`), key });
      if (v.referrerHost) {
        const refKey = `${v.fundraiserId}|${day}|${v.referrerHost}`;
        const ref = referrers.get(refKey) ?? { fundraiser: v.fundraiserId, day, host: v.referrerHost, views: 0 };
        ref.views += 1;
        referrers.set(refKey, ref);
      }
    }
    const shareRows = new Map<string, { fundraiser: number; hour: Date; channel: ShareChannel; shares: number }>();
    for (const s of knownShares) {
      const hour = hourOf(s.at);
      const key = `${s.fundraiserId}|${hour.getTime()}|${s.channel}`;
      const row = shareRows.get(key) ?? { fundraiser: s.fundraiserId, hour, channel: s.channel, shares: 0 };
      row.shares += 1;
      shareRows.set(key, row);
    }

    await em.transactional(async (tx) => {
      // A visitor first seen today is a new visitor of the hour and channel of that first view,
      // if its address has not brought its share of visitors yet. One this instance has already
      // written today is not new: no statement for a returning reader.
      const fresh = [...seen].filter(([seenKey]) => !known.has(seenKey)).map(([, visitor]) => visitor);
      for (const visitor of await admitByAddress(tx, await insertNewVisitors(tx, fresh))) traffic.get(visitor.key)!.visitors += 1;
      for (const row of traffic.values()) {
        await add(tx, TrafficHourSchema, { fundraiser: row.fundraiser, hour: row.hour, channel: row.channel }, { views: row.views, visitors: row.visitors });
      }
      for (const row of referrers.values()) await add(tx, ReferrerDaySchema, { fundraiser: row.fundraiser, day: row.day, host: row.host }, { views: row.views });
      for (const row of shareRows.values()) await add(tx, ShareHourSchema, { fundraiser: row.fundraiser, hour: row.hour, channel: row.channel }, { shares: row.shares });
    });
    // Only once committed: a transaction rolled back (and written again) must insert them again.
    for (const seenKey of seen.keys()) remember(seenKey);
    return knownViews.length + knownShares.length;
  }

  return {
    view(view, at = new Date()) {
      // The address is what comes before the first '|' of the visitor (address | user agent).
      if (views.length < maxPending && allowed(`view|${view.fundraiserId}|${addressOf(view.visitor)}`, maxViewsPerAddress)) views.push({ ...view, at });
    },
    share(fundraiserId, channel, { at = new Date(), address } = {}) {
      if (shares.length < maxPending && (address === undefined || allowed(`share|${fundraiserId}|${address}`, maxSharesPerAddress))) shares.push({ fundraiserId, channel, at });
    },
    async flush(em) {
      // One flush at a time: the timer and a shutdown may ask at once.
      while (flushing) await flushing.catch(() => 0);
      const [batchViews, batchShares] = [views, shares];
      views = [];
      shares = [];
      fromAddress = new Map();
      if (batchViews.length === 0 && batchShares.length === 0) return 0;
      flushing = withRetries(() => write(em, batchViews, batchShares));
      try {
        return await flushing;
      } catch (error) {
        deps.logger.warn({ err: error, views: batchViews.length, shares: batchShares.length }, 'visit counts could not be written; they are dropped');
        return 0;
      } finally {
        flushing = null;
      }
    },
  };
}

/**
 * Two instances adding to the same rows at once can deadlock on MySQL (each holds a gap the
 * other's insert needs); the loser's transaction is rolled back whole, so writing it again
 * counts nothing twice.
 */
async function withRetries<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const contended = error instanceof DeadlockException || error instanceof LockWaitTimeoutException;
      if (!contended || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}

/** Each day's salt, made by whichever instance needs it first (the unique day lets one in). */
async function saltsFor(em: EntityManager, days: string[]): Promise<Map<string, string>> {
  const found = new Map((await em.find(AnalyticsSaltSchema, { day: { $in: days } })).map((s) => [s.day, s.salt]));
  for (const day of days.filter((d) => !found.has(d))) {
    await insertOnce(em, AnalyticsSaltSchema, { day, salt: randomBytes(32).toString('hex'), createdAt: new Date() });
    found.set(day, (await em.findOneOrFail(AnalyticsSaltSchema, { day }, { refresh: true })).salt);
  }
  return found;
}

interface SeenVisitor {
  fundraiser: number;
  day: string;
  visitorHash: string;
  /** The hash of the address alone, for counting at most a few visitors per address. */
  addressHash: string;
  /** The traffic row of the visitor's first view. */
  key: string;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * Writes the visitors not yet written today and answers those it wrote: a few hundred at a
 * time, the ones already there read first and the rest inserted in one statement. Another
 * instance may write one of them in between; that statement is then refused by the unique
 * key, and its rows go one by one.
 */
async function insertNewVisitors(tx: EntityManager, visitors: SeenVisitor[]): Promise<SeenVisitor[]> {
  const written: SeenVisitor[] = [];
  for (const group of groupBy(visitors, (v) => `${v.fundraiser}|${v.day}`).values()) {
    for (let i = 0; i < group.length; i += 500) {
      const chunk = group.slice(i, i + 500);
      const { fundraiser, day } = chunk[0]!;
      const there = new Set(
        (await tx.find(VisitorSeenSchema, { fundraiser, day, visitorHash: { $in: chunk.map((v) => v.visitorHash) } }, { fields: ['visitorHash'], disableIdentityMap: true })).map((row) => row.visitorHash),
      );
      const rows = chunk.filter((v) => !there.has(v.visitorHash));
      if (rows.length === 0) continue;
      try {
        await tx.insertMany(VisitorSeenSchema, rows.map((v) => ({ fundraiser: v.fundraiser, day: v.day, visitorHash: v.visitorHash })));
        written.push(...rows);
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        for (const v of rows) if (await insertOnce(tx, VisitorSeenSchema, { fundraiser: v.fundraiser, day: v.day, visitorHash: v.visitorHash })) written.push(v);
      }
    }
  }
  return written;
}

/**
 * Answers the new visitors their addresses still have room for (`maxVisitorsPerAddress` a day
 * per fundraiser), in the order they came. An address new today is inserted with its count in
 * one statement per few hundred; one already there (or inserted by another instance in between)
 * gains one visitor per conditional update, so that instances counting at once never pass the limit.
 */
async function admitByAddress(tx: EntityManager, visitors: SeenVisitor[]): Promise<SeenVisitor[]> {
  const admitted: SeenVisitor[] = [];
  for (const group of groupBy(visitors, (v) => `${v.fundraiser}|${v.day}`).values()) {
    const { fundraiser, day } = group[0]!;
    const byAddress = [...groupBy(group, (v) => v.addressHash)];
    for (let i = 0; i < byAddress.length; i += 500) {
      const chunk = byAddress.slice(i, i + 500);
      const there = new Set(
        (await tx.find(VisitorAddressSchema, { fundraiser, day, addressHash: { $in: chunk.map(([addressHash]) => addressHash) } }, { fields: ['addressHash'], disableIdentityMap: true })).map((row) => row.addressHash),
      );
      const fresh = chunk.filter(([addressHash]) => !there.has(addressHash));
      let oneByOne = chunk.filter(([addressHash]) => there.has(addressHash));
      if (fresh.length) {
        try {
          await tx.insertMany(VisitorAddressSchema, fresh.map(([addressHash, from]) => ({ fundraiser, day, addressHash, visitors: Math.min(from.length, maxVisitorsPerAddress) })));
          for (const [, from] of fresh) admitted.push(...from.slice(0, maxVisitorsPerAddress));
        } catch (error) {
          if (!(error instanceof UniqueConstraintViolationException)) throw error;
          oneByOne = chunk;
        }
      }
      for (const [addressHash, from] of oneByOne) admitted.push(...from.slice(0, await addVisitors(tx, { fundraiser, day, addressHash }, from.length, there.has(addressHash))));
    }
  }
  return admitted;
}

/** Adds up to `wanted` visitors to an address's count, as far as the limit allows; answers how many it added. */
async function addVisitors(tx: EntityManager, key: { fundraiser: number; day: string; addressHash: string }, wanted: number, there: boolean): Promise<number> {
  if (!there && (await insertOnce(tx, VisitorAddressSchema, { ...key, visitors: Math.min(wanted, maxVisitorsPerAddress) }))) return Math.min(wanted, maxVisitorsPerAddress);
  let added = 0;
  while (added < wanted && (await tx.nativeUpdate(VisitorAddressSchema, { ...key, visitors: { $lt: maxVisitorsPerAddress } }, { visitors: raw('visitors + 1') })) > 0) added += 1;
  return added;
}

/** Deletes salts and the visitors they made once they are two days old: no hash can be remade after. */
export async function forgetOldVisitors(em: EntityManager, now = new Date()): Promise<number> {
  const oldest = addisDay(new Date(now.getTime() - saltLifetimeMs));
  await em.nativeDelete(AnalyticsSaltSchema, { day: { $lt: oldest } });
  return (await em.nativeDelete(VisitorSeenSchema, { day: { $lt: oldest } })) + (await em.nativeDelete(VisitorAddressSchema, { day: { $lt: oldest } }));
}
