import type { EntityManager } from '@mikro-orm/core';
import { addToTotals, fundraiserCurrency, lockFundraiserRow, lockFundraiserRowIn, type FundraiserStatus } from '../fundraisers/index.ts';
import type { Currency } from '../money/index.ts';
import { creditDonation, refundCredit } from '../teams/index.ts';
import { countInBuckets, type CountedGift } from './donation.buckets.ts';
import { DonationSchema, donationStatuses, type DonationStatus, type PaymentMethod } from './donation.entity.ts';
import { DonationCurrencyMismatch, DonationNotFound } from './donation.errors.ts';

/**
 * Fundraisers a gift counts for when its payment arrives: open ones, and those paused for a
 * while (by their organiser, who may open them again; or because an admin disabled the
 * organiser, a case the admin settles by suspending). Closed and suspended ones take no money:
 * a payment that arrives for one anyway (started before, settled after) is given back.
 */
const countingStatuses: readonly FundraiserStatus[] = ['ACTIVE', 'PAUSED'];

/**
 * In the caller's transaction, before it settles a success: whether the gift may count for
 * its fundraiser now. Takes the fundraiser's lock, as the settlement and a suspension do, so
 * a suspension is either before this (and the gift is given back) or after it (and "refund
 * all" finds the gift counted).
 */
export function mayCount(tx: EntityManager, fundraiserId: number): Promise<boolean> {
  return lockFundraiserRowIn(tx, fundraiserId, countingStatuses);
}

/** How far along a donation is; a change only ever raises the rank. */
const rank: Record<DonationStatus, number> = { PENDING: 0, FAILED: 1, CANCELLED: 1, EXPIRED: 1, SUCCEEDED: 2, REFUNDED: 3 };
const below = (to: DonationStatus) => donationStatuses.filter((s) => rank[s] < rank[to]);

/**
 * Moves a donation forward to `to`, and the fundraiser's totals with it, in one transaction.
 * Each move is a conditional UPDATE (`where status in <lower ranks>`), so of any number of
 * concurrent or repeated attempts exactly one changes the row, and only that one touches the
 * totals: a success adds the amount once, a refund of a success takes it off once, and the
 * credit of a donation made through a team member's link moves with them (modules/teams).
 * Called inside a caller's transaction (a provider event recorded with its effect), it
 * becomes part of that one. False when the donation was already there or further along: a
 * retry, a duplicate or a late event. `at` is when it happens (a test may say); `paidWith`, the
 * method of the payment that succeeded, is written with the success, before the sums read it
 * (the donation's method until then is the last payment started, not the one that paid). (Read the status afterwards outside the transaction:
 * inside it, MySQL's snapshot may predate a concurrent winner.)
 */
export async function settleDonation(
  em: EntityManager,
  donationId: number,
  to: Exclude<DonationStatus, 'PENDING'>,
  options: { at?: Date; paidWith?: PaymentMethod } = {},
): Promise<boolean> {
  const now = options.at ?? new Date();
  return em.transactional(async (tx) => {
    const donation = await tx.findOne(
      DonationSchema,
      { id: donationId },
      { fields: ['id', 'status', 'amountMinor', 'currency', 'fundraiser', 'referralMember'], disableIdentityMap: true },
    );
    if (!donation) throw new DonationNotFound();
    // The fundraiser's lock first, before the donation's row: every settlement of a fundraiser
    // takes the two in this order, so one waiting for the other never holds what it needs.
    await lockFundraiserRow(tx, donation.fundraiser.id);
    let changed = false;
    if (to === 'REFUNDED') {
      // A refund of a counted success takes the money off; one of anything else changes no total.
      if ((await tx.nativeUpdate(DonationSchema, { id: donationId, status: 'SUCCEEDED' }, { status: 'REFUNDED', updatedAt: now })) === 1) {
        await addToTotals(tx, donation.fundraiser.id, -donation.amountMinor, -1);
        await refundCredit(tx, donationId);
        await countInBuckets(tx, await countedGift(tx, donationId), -1);
        changed = true;
      } else {
        changed = (await tx.nativeUpdate(DonationSchema, { id: donationId, status: { $in: below('SUCCEEDED') } }, { status: 'REFUNDED', updatedAt: now })) === 1;
      }
    } else {
      const update = to === 'SUCCEEDED' ? { status: to, updatedAt: now, succeededAt: now, ...(options.paidWith ? { paymentMethod: options.paidWith } : {}) } : { status: to, updatedAt: now };
      changed = (await tx.nativeUpdate(DonationSchema, { id: donationId, status: { $in: below(to) } }, update)) === 1;
      if (changed && to === 'SUCCEEDED') {
        await assertSameCurrency(tx, donation.fundraiser.id, donation.currency);
        await addToTotals(tx, donation.fundraiser.id, donation.amountMinor, 1);
        if (donation.referralMember) {
          await creditDonation(tx, { donationId, memberId: donation.referralMember.id, amountMinor: donation.amountMinor, currency: donation.currency });
        }
        await countInBuckets(tx, await countedGift(tx, donationId), 1);
      }
    }
    return changed;
  });
}

/**
 * Gives up a donation that never counted, for money that arrived when it could no longer
 * count (payments' NOT_COUNTED): REFUNDED from any state below SUCCEEDED, in one conditional
 * update that reads the newest row. A donation that is SUCCEEDED (counted meanwhile, by
 * another request or payment) is left as it is: its total is not this caller's to touch.
 */
export async function giveUpUncounted(tx: EntityManager, donationId: number): Promise<boolean> {
  return (await tx.nativeUpdate(DonationSchema, { id: donationId, status: { $in: below('SUCCEEDED') } }, { status: 'REFUNDED', updatedAt: new Date() })) === 1;
}

/**
 * The donation as this transaction's own update left it: a read of a row the transaction
 * changed sees that change, whatever snapshot MySQL took at its first read.
 */
async function countedGift(tx: EntityManager, donationId: number): Promise<CountedGift> {
  const d = await tx.findOneOrFail(
    DonationSchema,
    { id: donationId },
    { fields: ['id', 'fundraiser', 'amountMinor', 'currency', 'channel', 'paymentMethod', 'donorEmail', 'succeededAt'], disableIdentityMap: true },
  );
  // A refund of a success always has its time of success; the fallback is for rows older than the column.
  const succeededAt = d.succeededAt ?? new Date();
  return { id: d.id, fundraiserId: d.fundraiser.id, amountMinor: d.amountMinor, currency: d.currency, channel: d.channel, paymentMethod: d.paymentMethod ?? null, donorEmail: d.donorEmail, succeededAt };
}

/**
 * Where totals move, the last word on currency: a total is in its fundraiser's currency, so
 * an amount in another one is refused (and the whole settlement with it) rather than added.
 * Creating a donation and changing a fundraiser's currency lock the same row, so this is
 * never expected to fire; if it does, money arrived that must be looked at by a person.
 */
async function assertSameCurrency(tx: EntityManager, fundraiserId: number, currency: Currency): Promise<void> {
  await lockFundraiserRow(tx, fundraiserId);
  const kept = await fundraiserCurrency(tx, fundraiserId);
  if (kept && kept !== currency) throw new DonationCurrencyMismatch();
}

/** Abandoned: PENDING for this long, nothing will come of it (the reconciliation asked the providers first). */
export const pendingLifetimeMs = 24 * 60 * 60_000;

/**
 * Marks donations left PENDING since before `olderThan` as EXPIRED, a batch at a time. A
 * payment that does arrive later still counts: SUCCEEDED outranks EXPIRED.
 */
export async function expireAbandoned(em: EntityManager, olderThan: Date, limit = 500): Promise<number> {
  const stale = await em.find(DonationSchema, { status: 'PENDING', createdAt: { $lt: olderThan } }, { fields: ['id'], limit, orderBy: { id: 'asc' } });
  let expired = 0;
  for (const d of stale) if (await settleDonation(em.fork(), d.id, 'EXPIRED')) expired += 1;
  return expired;
}

/**
 * Deletes donations left unpaid past their lifetime that never began a payment (no method
 * was ever chosen; `paymentMethod` is written with the first payment row, in its
 * transaction): a form filled in and left, with no money and nothing of anyone's attached, or
 * a script's flood. Kept a little past the lifetime, since no payment may start after it
 * (payments' `start`), so none can attach while they go. Batch by batch, at most `limit` a call.
 */
export async function purgeUnpaid(em: EntityManager, olderThan: Date, limit = 20_000): Promise<number> {
  const batch = 1000;
  const unpaid = { status: { $in: ['PENDING', 'EXPIRED'] as DonationStatus[] }, paymentMethod: null, createdAt: { $lt: olderThan } };
  let purged = 0;
  while (purged < limit) {
    const rows = await em.find(DonationSchema, unpaid, { fields: ['id'], limit: batch, orderBy: { id: 'asc' }, disableIdentityMap: true });
    if (rows.length === 0) break;
    purged += await em.nativeDelete(DonationSchema, { ...unpaid, id: { $in: rows.map((d) => d.id) } });
    if (rows.length < batch) break;
  }
  return purged;
}

/** Whether a donation is past the time its payment may start in (it is left to expire). */
export const pastLifetime = (donation: { createdAt: Date }, now = Date.now()): boolean => donation.createdAt.getTime() < now - pendingLifetimeMs;

