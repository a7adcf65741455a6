import { LockMode, raw, type EntityManager } from '@mikro-orm/core';
import { addisDay, hourOf } from '../../kernel/calendar/index.ts';
import { addToCounts } from '../../kernel/db/index.ts';
import type { Currency } from '../money/index.ts';
import { DonationHourSchema, DonationSchema, DonationSourceDaySchema } from './donation.entity.ts';

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

/**
 * Adds a success to (sign 1), or takes a refunded success off (sign -1), the hourly and daily
 * sums that reports read, in the caller's transaction, which holds the fundraiser's row lock:
 * settlements of one fundraiser reach this one at a time. A refund takes the gift off the
 * hour it succeeded in, so the sums always equal the donations now SUCCEEDED, grouped by
 * when they succeeded.
 */
export async function countInBuckets(tx: EntityManager, gift: CountedGift, sign: 1 | -1): Promise<void> {
  const hourKey = { fundraiser: gift.fundraiserId, hour: hourOf(gift.succeededAt), currency: gift.currency };
  await addToCounts(tx, DonationHourSchema, hourKey, { donations: sign, amountMinor: sign * gift.amountMinor });
  if (sign === 1) {
    await tx.nativeUpdate(DonationHourSchema, hourKey, { largestMinor: raw('case when largest_minor < ? then ? else largest_minor end', [gift.amountMinor, gift.amountMinor]) });
  } else {
    await recomputeLargest(tx, gift.fundraiserId, hourKey.hour, gift.currency);
  }
  await addToCounts(
    tx,
    DonationSourceDaySchema,
    { fundraiser: gift.fundraiserId, day: addisDay(gift.succeededAt), channel: gift.channel, method: gift.paymentMethod ?? 'NONE', currency: gift.currency },
    { donations: sign, amountMinor: sign * gift.amountMinor },
  );
  await moveDonor(tx, gift, sign);
}

type FirstGift = Pick<CountedGift, 'id' | 'succeededAt' | 'currency'>;
const earlier = (a: FirstGift, b: FirstGift) => a.succeededAt.getTime() < b.succeededAt.getTime() || (a.succeededAt.getTime() === b.succeededAt.getTime() && a.id < b.id);

/**
 * A donor (by e-mail) is counted once per fundraiser, in the hour of their earliest gift still
 * SUCCEEDED. This gift may make that earliest gift another one: then the count moves.
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
  if (before) await addToCounts(tx, DonationHourSchema, { fundraiser: gift.fundraiserId, hour: hourOf(before.succeededAt), currency: before.currency }, { donors: -1 });
  if (after) await addToCounts(tx, DonationHourSchema, { fundraiser: gift.fundraiserId, hour: hourOf(after.succeededAt), currency: after.currency }, { donors: 1 });
}

/** After a refund the hour's largest gift may be gone: read it again from the gifts themselves. */
async function recomputeLargest(tx: EntityManager, fundraiserId: number, hour: Date, currency: Currency): Promise<void> {
  const platform = tx.getPlatform();
  const [start, end] = [platform.processDateProperty(hour), platform.processDateProperty(new Date(hour.getTime() + 3_600_000))];
  await tx.getConnection().execute(
    `update \`donation_hour\` set \`largest_minor\` = coalesce((select max(d.\`amount_minor\`) from \`donation\` d
        where d.\`fundraiser_id\` = ? and d.\`currency\` = ? and d.\`status\` = 'SUCCEEDED' and d.\`succeeded_at\` >= ? and d.\`succeeded_at\` < ?), 0)
      where \`fundraiser_id\` = ? and \`hour\` = ? and \`currency\` = ?`,
    [fundraiserId, currency, start, end, fundraiserId, start, currency],
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
  const gifts = await em.find(
    DonationSchema,
    { fundraiser: { $in: [...fundraiserIds] }, status: 'SUCCEEDED', succeededAt: { $ne: null } },
    { fields: ['id', 'fundraiser', 'amountMinor', 'currency', 'channel', 'paymentMethod', 'donorEmail', 'succeededAt'], orderBy: { succeededAt: 'asc', id: 'asc' }, disableIdentityMap: true },
  );
  const hours = new Map<string, { fundraiser: number; hour: Date; currency: Currency; donations: number; amountMinor: number; donors: number; largestMinor: number }>();
  const days = new Map<string, { fundraiser: number; day: string; channel: string; method: string; currency: Currency; donations: number; amountMinor: number }>();
  const donors = new Set<string>();
  for (const g of gifts) {
    const fundraiser = g.fundraiser.id;
    const hour = hourOf(g.succeededAt!);
    const hourKey = `${fundraiser}|${hour.getTime()}|${g.currency}`;
    const h = hours.get(hourKey) ?? { fundraiser, hour, currency: g.currency, donations: 0, amountMinor: 0, donors: 0, largestMinor: 0 };
    h.donations += 1;
    h.amountMinor += g.amountMinor;
    h.largestMinor = Math.max(h.largestMinor, g.amountMinor);
    // Oldest first: a donor's first gift met is their earliest.
    if (!donors.has(`${fundraiser}|${g.donorEmail}`)) {
      donors.add(`${fundraiser}|${g.donorEmail}`);
      h.donors += 1;
    }
    hours.set(hourKey, h);
    const source = { fundraiser, day: addisDay(g.succeededAt!), channel: g.channel, method: g.paymentMethod ?? 'NONE', currency: g.currency };
    const dayKey = Object.values(source).join('|');
    const d = days.get(dayKey) ?? { ...source, donations: 0, amountMinor: 0 };
    d.donations += 1;
    d.amountMinor += g.amountMinor;
    days.set(dayKey, d);
  }
  await em.transactional(async (tx) => {
    await tx.nativeDelete(DonationHourSchema, { fundraiser: { $in: [...fundraiserIds] } });
    await tx.nativeDelete(DonationSourceDaySchema, { fundraiser: { $in: [...fundraiserIds] } });
    if (hours.size) await tx.insertMany(DonationHourSchema, [...hours.values()]);
    if (days.size) await tx.insertMany(DonationSourceDaySchema, [...days.values()] as never[]);
  });
}
