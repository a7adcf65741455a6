import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { currencies } from '../money/index.ts';

export const teamRoles = ['CAPTAIN', 'MEMBER', 'CO_ORGANISER'] as const;
export type TeamRole = (typeof teamRoles)[number];

/**
 * People raising together for one fundraiser, in its currency. Totals are the sums over its
 * counted credits (`DonationCredit`), moved in the transaction that settles each donation. A
 * team the organiser removes is kept (`removedAt`) with its credits, out of every list.
 */
export const TeamSchema = defineEntity({
  name: 'Team',
  tableName: 'team',
  indexes: [{ properties: ['fundraiser', 'removedAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    name: p.string().length(100),
    description: p.text(),
    /** In minor units of the fundraiser's currency; null: no goal of its own. */
    goalMinor: p.bigint('number').nullable(),
    /** Whoever started it; captain of it unless they leave. */
    creator: p.manyToOne(UserSchema).deleteRule('restrict'),
    raisedMinor: p.bigint('number').default(0),
    donationCount: p.integer().default(0),
    removedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export type Team = InferEntity<typeof TeamSchema>;

/**
 * A person on a team, with their own referral code (the `ref` of their link) and the totals
 * of the donations credited to them. A member who leaves or is removed keeps the row
 * (`leftAt`), so their credits stay theirs; joining again brings it back.
 */
export const TeamMemberSchema = defineEntity({
  name: 'TeamMember',
  tableName: 'team_member',
  uniques: [{ properties: ['team', 'user'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    team: p.manyToOne(TeamSchema).deleteRule('cascade'),
    user: p.manyToOne(UserSchema).deleteRule('restrict'),
    role: p.enum(teamRoles),
    /** Unguessable, URL-safe: `?ref=<code>` on the fundraiser's link credits this member. */
    referralCode: p.string().length(32).unique(),
    raisedMinor: p.bigint('number').default(0),
    donationCount: p.integer().default(0),
    joinedAt: p.datetime(),
    leftAt: p.datetime().nullable(),
    /** The newest credit the member's last e-mail about donations through their link told of; null: none yet (team.digest.ts). */
    lastToldCreditId: p.integer().nullable(),
    /** When that e-mail was queued: the next one waits an hour from it. */
    toldAt: p.datetime().nullable(),
  },
});

export type TeamMember = InferEntity<typeof TeamMemberSchema>;

/**
 * An invitation to a team, bound to an e-mail address. The token is mailed; only its SHA-256
 * is stored. `openMarker` is 1 while the invitation can still be accepted and null after, so
 * the unique key allows one open invitation per address and team, and any number of closed
 * ones (MySQL and SQLite both let NULLs repeat).
 */
export const TeamInvitationSchema = defineEntity({
  name: 'TeamInvitation',
  tableName: 'team_invitation',
  uniques: [{ properties: ['team', 'email', 'openMarker'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    team: p.manyToOne(TeamSchema).deleteRule('cascade'),
    /** Lower-cased, as accounts store addresses. */
    email: p.string().length(254),
    role: p.enum(teamRoles),
    tokenHash: p.string().length(64).unique(),
    invitedBy: p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    openMarker: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type TeamInvitation = InferEntity<typeof TeamInvitationSchema>;

/**
 * A succeeded donation made through a member's link, credited to them and their team. The
 * donation is named by id without a foreign key (the donations module uses this one, never
 * the reverse). Written when the donation succeeds, in that transaction; `refundedAt` set
 * when it is refunded, in that one. The member and team totals are the sums over credits
 * without `refundedAt`.
 */
export const DonationCreditSchema = defineEntity({
  name: 'DonationCredit',
  tableName: 'donation_credit',
  properties: {
    id: p.integer().primary().autoincrement(),
    donationId: p.integer().unique(),
    team: p.manyToOne(TeamSchema).deleteRule('restrict'),
    member: p.manyToOne(TeamMemberSchema).deleteRule('restrict'),
    amountMinor: p.bigint('number'),
    currency: p.enum(currencies),
    createdAt: p.datetime().onCreate(() => new Date()),
    refundedAt: p.datetime().nullable(),
  },
});

export type DonationCredit = InferEntity<typeof DonationCreditSchema>;
