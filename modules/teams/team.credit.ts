import { raw, type EntityManager } from '@mikro-orm/core';
import type { Currency } from '../money/index.ts';
import { DonationCreditSchema, TeamMemberSchema, TeamSchema } from './team.entity.ts';

/**
 * Credits a succeeded donation made through a member's link to them and their team, inside
 * the transaction that settles it (the donations module's `settleDonation`, which changes a
 * donation's status once however often it is asked): the credit row and both totals move
 * together or not at all. The credit follows the team as it is when the gift succeeds: a team
 * removed, or a member who left or was removed, since the donor began, gets none, and the gift
 * counts for the fundraiser alone (the link is dead by then too; a member who joined again is
 * credited). The unique donation id makes a second credit fail the whole settlement rather
 * than count twice.
 */
export async function creditDonation(tx: EntityManager, gift: { donationId: number; memberId: number; amountMinor: number; currency: Currency }): Promise<void> {
  const member = await tx.findOne(TeamMemberSchema, { id: gift.memberId }, { fields: ['id', 'team'], disableIdentityMap: true });
  if (!member || !(await stillOnLiveTeam(tx, member.id, member.team.id))) return;
  await tx.insert(DonationCreditSchema, {
    donationId: gift.donationId,
    team: member.team.id,
    member: member.id,
    amountMinor: gift.amountMinor,
    currency: gift.currency,
    createdAt: new Date(),
    refundedAt: null,
  });
  await move(tx, member.id, member.team.id, gift.amountMinor, 1);
}

/**
 * Takes a refunded donation's credit off its member and team, once: a conditional update
 * marks the credit refunded, and only the call that marked it moves the totals.
 */
export async function refundCredit(tx: EntityManager, donationId: number): Promise<void> {
  // Update first, read after: on MySQL a plain read sees the transaction's snapshot, which may
  // predate the credit a concurrent success just committed; an update sees it, and so does a
  // read of the row this transaction has updated.
  if ((await tx.nativeUpdate(DonationCreditSchema, { donationId, refundedAt: null }, { refundedAt: new Date() })) !== 1) return;
  const credit = await tx.findOneOrFail(DonationCreditSchema, { donationId }, { fields: ['id', 'team', 'member', 'amountMinor'], disableIdentityMap: true });
  await move(tx, credit.member.id, credit.team.id, -credit.amountMinor, -1);
}

/**
 * Whether the member is on the team and the team is live, as committed now: conditional
 * updates that change nothing read (and lock) the newest rows in InnoDB, where a plain read in
 * the settlement's transaction may see a snapshot from before the member left.
 */
async function stillOnLiveTeam(tx: EntityManager, memberId: number, teamId: number): Promise<boolean> {
  const onTeam = await tx.nativeUpdate(TeamMemberSchema, { id: memberId, leftAt: null }, { id: memberId });
  return onTeam === 1 && (await tx.nativeUpdate(TeamSchema, { id: teamId, removedAt: null }, { id: teamId })) === 1;
}

/** Moves a member's and their team's totals by one donation, in SQL, so concurrent settlements add up. */
async function move(tx: EntityManager, memberId: number, teamId: number, amountMinor: number, count: 1 | -1): Promise<void> {
  const totals = { raisedMinor: raw('raised_minor + ?', [amountMinor]), donationCount: raw('donation_count + ?', [count]) };
  await tx.nativeUpdate(TeamMemberSchema, { id: memberId }, totals);
  await tx.nativeUpdate(TeamSchema, { id: teamId }, totals);
}
