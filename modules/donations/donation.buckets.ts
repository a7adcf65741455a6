import { LockMode, raw, type EntityManager, type EntityName } from '@mikro-orm/core';
import { addisDay, hourOf } from '../../kernel/calendar/index.ts';
import { addToCounts } from '../../kernel/db/index.ts';
import type { Currency } from '../money/index.ts';
import { DonationChannelDaySchema, DonationDaySchema, DonationHourSchema, DonationMethodDaySchema, DonationSchema } from './donation.entity.ts';

/** What the sums need to know of a donation that just succeeded or was just refunded. */
export interface CountedGift {
  id: number;
  fundraiserId: number;
  amountMinor: number;
  currency: Currency;
  channel: string;
  paymentMethod: string | null;
  donorEmail: string;
  succeededAt: Date;
}

const hourMs = 3_600_000;
const addisOffsetMs = 3 * hourMs;

/**
 * The sums with totals, donors and the largest gift: by UTC hour (any time zone's days) and
 * by Addis Ababa day (a row a day for the platform's own days). `span` is the stretch of time
 * a row covers, for reading its largest gift again from the donations.
 */
const totalSums = [
  {
    entity: DonationHourSchema as EntityName<object>,
    table: 'donation_hour',
    column: 'hour',
    key: (fundraiser: number, at: Date, currency: Currency) => ({ fundraiser, hour: hourOf(at), currency }),
    span: (at: Date): [Date, Date] => [hourOf(at), new Date(hourOf(at).getTime() + hourMs)],
  },
  {
    entity: DonationDaySchema as EntityName<object>,
    table: 'donation_day',
    column: 'day',
    key: (fundraiser: number, at: Date, currency: Currency) => ({ fundraiser, day: addisDay(at), currency }),
    span: (at: Date): [Date, Date] => {
      const start = Date.parse(`${addisDay(at)}T00:00:00Z`) - addisOffsetMs;
      return [new Date(start), new Date(start + 24 * hourMs)];
    },
  },
];

/**
 * Adds a success to (sign 1), or takes a refunded success off (sign -1), the sums that
 * reports read, in the caller's transaction, which holds the fundraiser's row lock:
 * settlements of one fundraiser reach this one at a time. A refund takes the gift off the
 * hour and day it succeeded in, so the sums always equal the donations now SUCCEEDED,
 * grouped by when they succeeded.
 */
export async function countInBuckets(tx: EntityManager, gift: CountedGift, sign: 1 | -1): Promise<void> {
  const counts = { donations: sign, amountMinor: sign * gift.amountMinor };
  for (const sums of totalSums) {
    const key = sums.key(gift.fundraiserId, gift.succeededAt, gift.currency);
    await addToCounts(tx, sums.entity, key, counts);
    if (sign === 1) {
      await tx.nativeUpdate(sums.entity, key, { largestMinor: raw('case when largest_minor < ? then ? else largest_minor end', [gift.amountMinor, gift.amountMinor]) } as never);
    } else {
      await recomputeLargest(tx, sums, gift);
    }
  }
  const day = addisDay(gift.succeededAt);
  await addToCounts(tx, DonationChannelDaySchema, { fundraiser: gift.fundraiserId, day, channel: gift.channel, currency: gift.currency }, counts);
  await addToCounts(tx, DonationMethodDaySchema, { fundraiser: gift.fundraiserId, day, method: gift.paymentMethod ?? 'NONE', currency: gift.currency }, counts);
  await moveDonor(tx, gift, sign);
}

type FirstGift = Pick<CountedGift, 'id' | 'succeededAt' | 'currency'>;
const earlier = (a: FirstGift, b: FirstGift) => a.succeededAt.getTime() < b.succeededAt.getTime() || (a.succeededAt.getTime() === b.succeededAt.getTime() && a.id < b.id);

/**
 * A donor (by e-mail) is counted once per fundraiser, in the hour and day of their earliest
 * gift still SUCCEEDED. This gift may make that earliest gift another one: then the count moves.
 */
async function moveDonor(tx: EntityManager, gift: CountedGift, sign: 1 | -1): Promise<void> {
  // A locking read: on MySQL a plain one sees the transaction's snapshot, which may predate a
  // success of the same donor committed just before this transaction took the fundraiser's lock.
  const other = await tx.findOne(
    DonationSchema,
    { fundraiser: gift.fundraiserId, donorEmail: gift.donorEmail, status: 'SUCCEEDED', id: { $ne: gift.id } },
    { fields: ['id', 'succeededAt', 'currency'], orderBy: { succeededAt: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_READ, disableIdentityMap: true },
  );
  const others: FirstGift | null = other?.succeededAt ? { id: other.id, succeededAt: other.succeededAt, currency: other.currency } : null;
  const withGift = !others || earlier(gift, others) ? gift : others;
  const [before, after] = sign === 1 ? [others, withGift] : [withGift, others];
  if (before?.id === after?.id) return;
  for (const sums of totalSums) {
    if (before) await addToCounts(tx, sums.entity, sums.key(gift.fundraiserId, before.succeededAt, before.currency), { donors: -1 });
    if (after) await addToCounts(tx, sums.entity, sums.key(gift.fundraiserId, after.succeededAt, after.currency), { donors: 1 });
  }
}

/** After a refund the row's largest gift may be gone: read it again from the gifts themselves. */
async function recomputeLargest(tx: EntityManager, sums: (typeof totalSums)[number], gift: CountedGift): Promise<void> {
  const platform = tx.getPlatform();
  const [start, end] = sums.span(gift.succeededAt).map((at) => platform.processDateProperty(at));
  const key = sums.key(gift.fundraiserId, gift.succeededAt, gift.currency) as Record<string, unknown>;
  const keyValue = key[sums.column] instanceof Date ? platform.processDateProperty(key[sums.column] as Date) : key[sums.column];
  await tx.getConnection().execute(
    `update \`${sums.table}\` set \`largest_minor\` = coalesce((select max(d.\`amount_minor\`) from \`donation\` d
        where d.\`fundraiser_id\` = ? and d.\`currency\` = ? and d.\`status\` = 'SUCCEEDED' and d.\`succeeded_at\` >= ? and d.\`succeeded_at\` < ?), 0)
      where \`fundraiser_id\` = ? and \`${sums.column}\` = ? and \`currency\` = ?`,
    [gift.fundraiserId, gift.currency, start, end, gift.fundraiserId, keyValue, gift.currency],
    'run',
    tx.getTransactionContext(),
  );
}

/**
 * Makes the sums of these fundraisers again from their donations: for donations stored
 * without settling (the demo data), and to check the sums kept one settlement at a time.
 */
export async function rebuildBuckets(em: EntityManager, fundraiserIds: readonly number[]): Promise<void> {
  if (fundraiserIds.length === 0) return;
  const ids = [...fundraiserIds];
  const gifts = await em.find(
    DonationSchema,
    { fundraiser: { $in: ids }, status: 'SUCCEEDED', succeededAt: { $ne: null } },
    { fields: ['id', 'fundraiser', 'amountMinor', 'currency', 'channel', 'paymentMethod', 'donorEmail', 'succeededAt'], orderBy: { succeededAt: 'asc', id: 'asc' }, disableIdentityMap: true },
  );
  type Totals = { donations: number; amountMinor: number; donors: number; largestMinor: number };
  type Split = { donations: number; amountMinor: number };
  const tables = totalSums.map(() => new Map<string, Record<string, unknown> & Totals>());
  const channels = new Map<string, Record<string, unknown> & Split>();
  const methods = new Map<string, Record<string, unknown> & Split>();
  const add = <T extends Split>(map: Map<string, Record<string, unknown> & T>, key: Record<string, unknown>, empty: T, amount: number) => {
    const id = JSON.stringify(key);
    const row = map.get(id) ?? { ...key, ...empty };
    row.donations += 1;
    row.amountMinor += amount;
    map.set(id, row);
    return row;
  };
  const donors = new Set<string>();
  for (const g of gifts) {
    const fundraiser = g.fundraiser.id;
    const at = g.succeededAt!;
    // Oldest first: a donor's first gift met is their earliest.
    const first = !donors.has(`${fundraiser}|${g.donorEmail}`);
    donors.add(`${fundraiser}|${g.donorEmail}`);
    totalSums.forEach((sums, i) => {
      const row = add(tables[i]!, sums.key(fundraiser, at, g.currency), { donations: 0, amountMinor: 0, donors: 0, largestMinor: 0 }, g.amountMinor);
      row.largestMinor = Math.max(row.largestMinor, g.amountMinor);
      if (first) row.donors += 1;
    });
    add(channels, { fundraiser, day: addisDay(at), channel: g.channel, currency: g.currency }, { donations: 0, amountMinor: 0 }, g.amountMinor);
    add(methods, { fundraiser, day: addisDay(at), method: g.paymentMethod ?? 'NONE', currency: g.currency }, { donations: 0, amountMinor: 0 }, g.amountMinor);
  }
  await em.transactional(async (tx) => {
    const all: Array<[EntityName<object>, Map<string, object>]> = [
      ...totalSums.map((sums, i): [EntityName<object>, Map<string, object>] => [sums.entity, tables[i]!]),
      [DonationChannelDaySchema as EntityName<object>, channels],
      [DonationMethodDaySchema as EntityName<object>, methods],
    ];
    for (const [entity, rows] of all) {
      await tx.nativeDelete(entity, { fundraiser: { $in: ids } } as never);
      const values = [...rows.values()];
      for (let i = 0; i < values.length; i += 1000) await tx.insertMany(entity, values.slice(i, i + 1000) as never[]);
    }
  });
}
