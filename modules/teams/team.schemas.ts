import { z } from 'zod';
import { oneLine, plainText } from '../../kernel/http/index.ts';
import { maxGoal } from '../fundraisers/index.ts';
import { currencies, decimalAmount } from '../money/index.ts';
import { teamRoles } from './team.entity.ts';

const id = z.number().int().min(1);
// A name shows on the page: it must have a letter or a digit, not only marks or invisible characters.
const name = z.string().transform(oneLine).pipe(z.string().min(2).max(100).regex(/[\p{L}\p{N}]/u));
const description = z.string().transform(plainText).pipe(z.string().max(2000));
/** Optional: a team may raise toward the fundraiser's goal alone. null or '' clears it. */
const goalAmount = z.preprocess((value) => (value === '' ? null : value), decimalAmount({ max: maxGoal }).nullable().optional());

export const createTeamRequest = z.strictObject({
  name,
  description: description.default(''),
  fundraiserId: id,
  /** The site sends the creator's id with the team; it must be the signed-in user. */
  creatorId: id,
  goalAmount,
});
export type CreateTeamRequest = z.output<typeof createTeamRequest>;

/** What is sent changes; what is left out stays. */
export const editTeamRequest = z.strictObject({ name: name.optional(), description: description.optional(), goalAmount });
export type EditTeamRequest = z.output<typeof editTeamRequest>;

export const teamParams = z.object({ id: z.coerce.number().int().min(1) });
/** A member's id as the team's list shows it, in plain decimal. */
export const memberParams = teamParams.extend({ memberId: z.string().regex(/^[1-9][0-9]{0,14}$/).transform(Number) });
export const fundraiserParams = z.object({ fundraiserId: z.coerce.number().int().min(1) });
export const memberQuery = z.object({
  userEmail: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  /** Inviting: CO_ORGANISER only by the organiser, on their own team; given for a member already on it, it changes their role. */
  role: z.enum(['MEMBER', 'CO_ORGANISER']).optional(),
});
export const invitationParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });

/**
 * A member as the team page shows them. `email` only to whoever invited them to the team (the
 * address they typed themself), to nobody else; `referralUrl` (their personal link) only to
 * the member themself and the organisers.
 */
export const memberResponse = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  role: z.enum(teamRoles),
  imageUrl: z.string().nullable(),
  raisedAmount: z.string(),
  donationCount: z.number(),
  email: z.string().optional(),
  referralUrl: z.string().optional(),
});
export type MemberView = z.output<typeof memberResponse>;

/** An invitation not yet accepted, as the one who sent it sees it. */
export const invitationResponse = z.object({ email: z.string(), role: z.enum(teamRoles), status: z.enum(['INVITED', 'EXPIRED']), expiresAt: z.string() });

export const teamResponse = z.object({
  id: z.number(),
  fundraiserId: z.number(),
  name: z.string(),
  description: z.string(),
  creatorId: z.number(),
  currency: z.enum(currencies),
  /** Null: the team has no goal of its own. */
  goalAmount: z.string().nullable(),
  raisedAmount: z.string(),
  donationCount: z.number(),
  memberCount: z.number(),
  /** Ranked by raised amount, then by how many gave. */
  members: z.array(memberResponse),
  /** For the captain and the organisers: the open invitations they sent themselves. Absent for everybody else. */
  invitations: z.array(invitationResponse).optional(),
  createdAt: z.string(),
});
export type TeamView = z.output<typeof teamResponse>;

export const teamListResponse = z.array(teamResponse);

export const memberChangeResponse = z.object({ email: z.string(), status: z.enum(['INVITED', 'MEMBER', 'REMOVED']) });
export type MemberChange = z.output<typeof memberChangeResponse>;

/** A member taken off by id: the id, never the address. */
export const memberRemovalResponse = z.object({ id: z.number(), status: z.literal('REMOVED') });
export type MemberRemoval = z.output<typeof memberRemovalResponse>;

export const acceptResponse = z.object({ teamId: z.number(), fundraiserId: z.number(), role: z.enum(teamRoles) });

/** What an invitation's link opens: for whom, to which team, from whom. */
export const invitationPreviewResponse = z.object({
  email: z.string(),
  role: z.enum(teamRoles),
  teamId: z.number(),
  teamName: z.string(),
  fundraiserId: z.number(),
  fundraiserTitle: z.string(),
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.output<typeof invitationPreviewResponse>;

/** A donation made through a member's link, as the public list shows it. */
export const creditedDonationResponse = z.object({
  id: z.number(),
  name: z.string(),
  /** Null unless the donor chose to show it. */
  amount: z.string().nullable(),
  currency: z.enum(currencies),
  createdAt: z.string(),
});
export type CreditedDonation = z.output<typeof creditedDonationResponse>;
export const creditedDonationsResponse = z.array(creditedDonationResponse);

/** A fundraiser's teams as its public page shows them (team.board.ts). */
export const teamBoardResponse = z.object({
  /** How many live teams the fundraiser has; `teams` holds the first of them. */
  total: z.number(),
  /** Any signed-in supporter may join its teams, or start one. */
  open: z.boolean(),
  teams: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      currency: z.enum(currencies),
      goalAmount: z.string().nullable(),
      raisedAmount: z.string(),
      donationCount: z.number(),
      memberCount: z.number(),
      /** The members who raised most, first. */
      leaders: z.array(z.object({ userId: z.number(), name: z.string(), imageUrl: z.string().nullable(), raisedAmount: z.string(), donationCount: z.number() })),
    }),
  ),
});
export type TeamBoard = z.output<typeof teamBoardResponse>;
