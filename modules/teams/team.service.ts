import { createHash, randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { noteChanges } from '../../kernel/changes/index.ts';
import { TooManyRequests } from '../../kernel/http/index.ts';
import { userByEmail, type User } from '../accounts/index.ts';
import { displayName, findVisible, fundraiserKeys, isoSeconds, mayManage, type Fundraiser } from '../fundraisers/index.ts';
import { avatarsById, type MediaLinks, type MediaView } from '../media/index.ts';
import { fromMinor, toMinor } from '../money/index.ts';
import { consume, release, takeEach, type Limit, type Slot } from '../rate-limits/index.ts';
import { DonationCreditSchema, TeamInvitationSchema, TeamMemberSchema, TeamSchema, type Team, type TeamInvitation, type TeamMember, type TeamRole } from './team.entity.ts';
import {
  AddressInvitedEnough,
  CoOrganiserNotAllowed,
  CreatorMismatch,
  FundraiserNotActive,
  InvitationNotFound,
  InvitationNotYours,
  MemberNotFound,
  NewAccountInvitesSpent,
  NotTeamManager,
  TeamInviteOnly,
  TeamNotFound,
  TeamsClosed,
} from './team.errors.ts';
import type { CreateTeamRequest, CreditedDonation, EditTeamRequest, InvitationPreview, MemberChange, MemberRemoval, MemberView, TeamView } from './team.schemas.ts';

/** An invitation can be accepted for this long; a new one can be sent after. */
export const invitationLifetimeMs = 14 * 24 * 60 * 60_000;

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;

/**
 * An invitation mails an address somebody typed, so the number of them is what keeps teams
 * from being a way to mail strangers. A captain invites a class or a choir at once, within
 * the hour's and the day's bounds; an account younger than a day (made for a spam run, as
 * like as not) invites its family and no more; and one address receives a few invitations a
 * day whoever sends them, so that inviting, withdrawing and inviting again cannot flood it.
 */
export const teamLimits = {
  invitesPerUser: { limit: 50, windowMs: hourMs },
  invitesPerDay: { limit: 200, windowMs: dayMs },
  invitesNewAccount: { limit: 10, windowMs: dayMs },
  invitesToAddress: { limit: 3, windowMs: dayMs },
  /** A family or a choir starts a team or two; a script filling a fundraiser's page with teams hits this. */
  teamsPerUser: { limit: 10, windowMs: hourMs },
} as const satisfies Record<string, Limit>;

/** How long an account is new for `teamLimits.invitesNewAccount`. */
export const newAccountMs = dayMs;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** 192 random bits: the invitation's secret, mailed once, stored only as its hash. */
const newToken = () => randomBytes(24).toString('base64url');
/** 80 random bits, URL-safe: short enough to share, too many to guess. */
const newReferralCode = () => randomBytes(10).toString('base64url');

/** Where a member's personal link and an invitation lead (`publicUrl`, the site's address), and members' pictures. */
export interface TeamLinks {
  publicUrl: string;
  media: MediaLinks;
}

/** A team not removed, with its fundraiser and the fundraiser's organiser. */
async function liveTeam(em: EntityManager, id: number): Promise<Team> {
  const team = await em.findOne(TeamSchema, { id, removedAt: null }, { populate: ['fundraiser', 'fundraiser.owner'] });
  if (!team) throw new TeamNotFound();
  return team;
}

/** The team as the viewer may see it: a team of a fundraiser hidden from them is not found. */
async function visibleTeam(em: EntityManager, viewer: User | null, id: number): Promise<{ team: Team; fundraiser: Fundraiser }> {
  const team = await liveTeam(em, id);
  try {
    return { team, fundraiser: await findVisible(em, viewer, team.fundraiser.id) };
  } catch {
    throw new TeamNotFound();
  }
}

async function isCaptain(em: EntityManager, teamId: number, viewer: User): Promise<boolean> {
  return (await em.count(TeamMemberSchema, { team: teamId, user: viewer.id, role: 'CAPTAIN', leftAt: null })) > 0;
}

/** The fundraiser's organiser (or an admin), or the team's captain. */
async function assertManager(em: EntityManager, team: Team, fundraiser: Fundraiser, viewer: User): Promise<void> {
  if (mayManage(fundraiser, viewer)) return;
  if (!(await isCaptain(em, team.id, viewer))) throw new NotTeamManager();
}

/**
 * Teams change (invitations sent and accepted) while the fundraiser raises money or is paused;
 * not once it is closed, nor while it is suspended for review, whoever asks.
 */
function assertChanging(fundraiser: Fundraiser): void {
  if (fundraiser.status !== 'ACTIVE' && fundraiser.status !== 'PAUSED') throw new FundraiserNotActive();
}

/**
 * A new member row (or a returning member's, brought back), with a referral code of its own. A
 * captain who left by themself and is invited back is captain again; one the organiser took
 * off lost the role then (`removeMember`), and joining by oneself never gives it.
 */
async function join(tx: EntityManager, teamId: number, userId: number, role: TeamRole, now: Date, options: { keepCaptain: boolean }): Promise<void> {
  const before = await tx.findOne(TeamMemberSchema, { team: teamId, user: userId }, { fields: ['id', 'role'] });
  if (before) {
    await tx.nativeUpdate(TeamMemberSchema, { id: before.id }, { leftAt: null, role: before.role === 'CAPTAIN' && options.keepCaptain ? 'CAPTAIN' : role });
    return;
  }
  await tx.insert(TeamMemberSchema, { team: teamId, user: userId, role, referralCode: newReferralCode(), raisedMinor: 0, donationCount: 0, joinedAt: now, leftAt: null });
}

/**
 * A team for a fundraiser: by its organiser, or by any signed-in supporter once the organiser
 * opened the fundraiser to teams (`teamsOpen`). Only ACTIVE fundraisers take new teams. Its
 * creator is its captain from the start.
 */
export async function createTeam(em: EntityManager, viewer: User, input: CreateTeamRequest, links: TeamLinks): Promise<TeamView> {
  if (input.creatorId !== viewer.id) throw new CreatorMismatch();
  const fundraiser = await findVisible(em, viewer, input.fundraiserId);
  if (!mayManage(fundraiser, viewer) && !fundraiser.teamsOpen) throw new TeamsClosed();
  if (fundraiser.status !== 'ACTIVE') throw new FundraiserNotActive();
  await consume(em, `team-create:user:${viewer.id}`, teamLimits.teamsPerUser);
  const now = new Date();
  const teamId = await em.transactional(async (tx) => {
    const id = await tx.insert(TeamSchema, {
      fundraiser: fundraiser.id,
      name: input.name,
      description: input.description,
      goalMinor: input.goalAmount ? toMinor(input.goalAmount, fundraiser.currency) : null,
      creator: viewer.id,
      raisedMinor: 0,
      donationCount: 0,
      removedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await join(tx, Number(id), viewer.id, 'CAPTAIN', now, { keepCaptain: true });
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
    return Number(id);
  });
  const [view] = await teamViews(em.fork(), viewer, fundraiser, links, [teamId]);
  return view!;
}

/** A fundraiser's teams, ranked by what they raised, with their members ranked the same way. */
export async function listTeams(em: EntityManager, viewer: User | null, fundraiserId: number, links: TeamLinks): Promise<TeamView[]> {
  const fundraiser = await findVisible(em, viewer, fundraiserId);
  return teamViews(em, viewer, fundraiser, links);
}

/** Name, story and goal: for the captain or the organiser. What is left out stays. */
export async function editTeam(em: EntityManager, viewer: User, id: number, input: EditTeamRequest, links: TeamLinks): Promise<TeamView> {
  const { team, fundraiser } = await visibleTeam(em, viewer, id);
  await assertManager(em, team, fundraiser, viewer);
  if (input.name !== undefined) team.name = input.name;
  if (input.description !== undefined) team.description = input.description;
  if (input.goalAmount !== undefined) team.goalMinor = input.goalAmount === null ? null : toMinor(input.goalAmount, fundraiser.currency);
  await em.transactional(async (tx) => {
    await tx.flush();
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
  });
  const [view] = await teamViews(em.fork(), viewer, fundraiser, links, [team.id]);
  return view!;
}

/**
 * The organiser (or an admin) removes a team: out of every list, its open invitations
 * withdrawn, its rows and credits kept for the record. Its members' links credit nobody after.
 */
export async function removeTeam(em: EntityManager, viewer: User, id: number): Promise<void> {
  const { team, fundraiser } = await visibleTeam(em, viewer, id);
  if (!mayManage(fundraiser, viewer)) throw new NotTeamManager();
  const now = new Date();
  await em.transactional(async (tx) => {
    if ((await tx.nativeUpdate(TeamSchema, { id: team.id, removedAt: null }, { removedAt: now })) !== 1) throw new TeamNotFound();
    await tx.nativeUpdate(TeamInvitationSchema, { team: team.id, openMarker: 1 }, { openMarker: null, revokedAt: now });
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
  });
}

/** What an invitation mail needs, handed to the caller to send once the invitation is stored. */
export interface InvitationToSend {
  email: string;
  token: string;
  inviter: string;
  team: string;
  fundraiser: { id: number; title: string };
  /** The invitee's own language when they have an account; the inviter's page's otherwise. */
  language: 'en' | 'am' | null;
}

/**
 * Invites an address to a team (captain or organiser). Idempotent: a member already is one,
 * and an open invitation stands (no second mail). Answers the address's status, and the mail
 * to send when a new invitation was made.
 */
export async function inviteMember(
  em: EntityManager,
  viewer: User,
  teamId: number,
  email: string,
  role?: Exclude<TeamRole, 'CAPTAIN'>,
): Promise<{ change: MemberChange; mail: InvitationToSend | null }> {
  const { team, fundraiser } = await visibleTeam(em, viewer, teamId);
  await assertManager(em, team, fundraiser, viewer);
  assertChanging(fundraiser);
  if (role === 'CO_ORGANISER' && !(mayManage(fundraiser, viewer) && (await isCaptain(em, team.id, fundraiser.owner)))) throw new CoOrganiserNotAllowed();
  const member = await em.findOne(TeamMemberSchema, { team: team.id, user: { email }, leftAt: null }, { fields: ['id', 'role'] });
  if (member) {
    // Already on the team, they agreed to it: the organiser names them co-organiser, or (asked in so many words) takes it back.
    if (role !== undefined && member.role !== 'CAPTAIN' && member.role !== role && (role === 'CO_ORGANISER' || mayManage(fundraiser, viewer))) {
      await em.transactional(async (tx) => {
        await tx.nativeUpdate(TeamMemberSchema, { id: member.id }, { role });
        await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
      });
    }
    return { change: { email, status: 'MEMBER' }, mail: null };
  }
  const taken = await takeInvitation(em, viewer, email);
  const now = new Date();
  const token = newToken();
  // Only a mailed invitation counts: one that fails, or finds one open already, gives its places back.
  const giveBack = async () => {
    for (const { bucket, limit } of taken) await release(em, bucket, limit);
  };
  const made = await em.transactional(async (tx) => {
    // An expired invitation still holds the address's open slot: it is closed first.
    await tx.nativeUpdate(TeamInvitationSchema, { team: team.id, email, openMarker: 1, expiresAt: { $lte: now } }, { openMarker: null, revokedAt: now });
    try {
      await tx.insert(TeamInvitationSchema, {
        team: team.id,
        email,
        role: role ?? 'MEMBER',
        tokenHash: sha256(token),
        invitedBy: viewer.id,
        expiresAt: new Date(now.getTime() + invitationLifetimeMs),
        acceptedAt: null,
        revokedAt: null,
        openMarker: 1,
        createdAt: now,
      });
      return true;
    } catch (error) {
      // Invited already (or just now, by a request beside this one): that invitation stands.
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }).catch(async (error: unknown) => {
    await giveBack();
    throw error;
  });
  if (!made) {
    await giveBack();
    return { change: { email, status: 'INVITED' }, mail: null };
  }
  const invitee = await userByEmail(em, email);
  return {
    change: { email, status: 'INVITED' },
    mail: { email, token, inviter: displayName(viewer), team: team.name, fundraiser: { id: fundraiser.id, title: fundraiser.title }, language: invitee?.language ?? null },
  };
}

/**
 * Takes the places of one more invitation from `viewer` and one more to `email` in their
 * limits, to be given back if none is mailed; throws 429, having taken none, when one is full.
 */
async function takeInvitation(em: EntityManager, viewer: User, email: string): Promise<Slot[]> {
  const inviter = `team-invite:user:${viewer.id}`;
  const untilEstablished = (viewer.createdAt.getTime() + newAccountMs - Date.now()) / 1000;
  const fromViewer =
    untilEstablished > 0
      ? [teamLimits.invitesNewAccount, teamLimits.invitesPerUser]
      : [teamLimits.invitesPerUser, teamLimits.invitesPerDay];
  const slots = [...fromViewer.map((limit) => ({ bucket: inviter, limit })), { bucket: `team-invite:email:${sha256(email).slice(0, 40)}`, limit: teamLimits.invitesToAddress }];
  const refusal = await takeEach(em, slots);
  if (!refusal) return slots;
  const { limit } = slots[refusal.refused]!;
  if (limit === teamLimits.invitesToAddress) throw new AddressInvitedEnough(refusal.seconds);
  if (limit === teamLimits.invitesNewAccount) throw new NewAccountInvitesSpent(limit.limit, Math.min(untilEstablished, refusal.seconds));
  throw new TooManyRequests(refusal.seconds);
}

/**
 * Takes an address off a team: the captain or organiser for anybody, a member for themself.
 * Withdraws its open invitation too. Idempotent: removing who is not there is fine.
 */
export async function removeMember(em: EntityManager, viewer: User, teamId: number, email: string): Promise<MemberChange> {
  const { team, fundraiser } = await visibleTeam(em, viewer, teamId);
  if (viewer.email !== email) await assertManager(em, team, fundraiser, viewer);
  const now = new Date();
  await em.transactional(async (tx) => {
    const member = await tx.findOne(TeamMemberSchema, { team: team.id, user: { email }, leftAt: null }, { fields: ['id', 'role'] });
    if (member) await takeOff(tx, member, { byThemself: viewer.email === email, now });
    await tx.nativeUpdate(TeamInvitationSchema, { team: team.id, email, openMarker: 1 }, { openMarker: null, revokedAt: now });
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
  });
  return { email, status: 'REMOVED' };
}

/**
 * Takes a member off a team by the id the team's list shows, for those who were never told
 * the member's address (it is shown only to who invited them). Same rights as `removeMember`;
 * idempotent for a member who already left; 404 for a member of another team.
 */
export async function removeMemberById(em: EntityManager, viewer: User, teamId: number, memberId: number): Promise<MemberRemoval> {
  const { team, fundraiser } = await visibleTeam(em, viewer, teamId);
  const member = await em.findOne(TeamMemberSchema, { id: memberId, team: team.id }, { fields: ['id', 'role', 'leftAt', 'user'] });
  if (!member) throw new MemberNotFound();
  const byThemself = member.user.id === viewer.id;
  if (!byThemself) await assertManager(em, team, fundraiser, viewer);
  if (!member.leftAt) {
    await em.transactional(async (tx) => {
      await takeOff(tx, member, { byThemself, now: new Date() });
      await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
    });
  }
  return { id: member.id, status: 'REMOVED' };
}

/** Taken off by the captain or the organiser, a co-organiser or captain loses the role with the place. */
async function takeOff(tx: EntityManager, member: Pick<TeamMember, 'id' | 'role'>, options: { byThemself: boolean; now: Date }): Promise<void> {
  const role = options.byThemself || member.role === 'MEMBER' ? {} : { role: 'MEMBER' as const };
  await tx.nativeUpdate(TeamMemberSchema, { id: member.id, leftAt: null }, { leftAt: options.now, ...role });
}

/**
 * Accepts an invitation: only the signed-in owner of the invited address, once, before it
 * expires. The invitation is consumed by a conditional update and the membership made in the
 * same transaction: of two accepting at once, one does.
 */
export async function acceptInvitation(em: EntityManager, viewer: User, token: string): Promise<{ teamId: number; fundraiserId: number; role: TeamRole }> {
  const invitation = await em.findOne(TeamInvitationSchema, { tokenHash: sha256(token) }, { populate: ['team'] });
  const now = new Date();
  if (!open(invitation, now)) throw new InvitationNotFound();
  if (invitation.email !== viewer.email) throw new InvitationNotYours();
  const { team, fundraiser } = await visibleTeam(em, viewer, invitation.team.id).catch(() => {
    throw new InvitationNotFound();
  });
  assertChanging(fundraiser);
  await em.transactional(async (tx) => {
    const claimed = await tx.nativeUpdate(
      TeamInvitationSchema,
      { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } },
      { acceptedAt: now, openMarker: null },
    );
    if (claimed !== 1) throw new InvitationNotFound();
    await join(tx, team.id, viewer.id, invitation.role, now, { keepCaptain: true });
    await noteChanges(tx, [fundraiserKeys.one(team.fundraiser.id)]);
  });
  return { teamId: team.id, fundraiserId: team.fundraiser.id, role: invitation.role };
}

function open(invitation: TeamInvitation | null, now: Date): invitation is TeamInvitation {
  return !!invitation && !invitation.acceptedAt && !invitation.revokedAt && invitation.expiresAt > now && !invitation.team.removedAt;
}

/**
 * A signed-in supporter joins a team by themself: the request is their consent. Only the teams
 * of an ACTIVE fundraiser its organiser opened to supporters (`teamsOpen`); others take members
 * by invitation. Idempotent; an open invitation of theirs to this team is used up by it.
 */
export async function joinTeam(em: EntityManager, viewer: User, teamId: number, links: TeamLinks): Promise<TeamView> {
  const { team, fundraiser } = await visibleTeam(em, viewer, teamId);
  if (!fundraiser.teamsOpen) throw new TeamInviteOnly();
  if (fundraiser.status !== 'ACTIVE') throw new FundraiserNotActive();
  const now = new Date();
  await em.transactional(async (tx) => {
    const already = await tx.count(TeamMemberSchema, { team: team.id, user: viewer.id, leftAt: null });
    if (already > 0) return;
    await join(tx, team.id, viewer.id, 'MEMBER', now, { keepCaptain: false });
    await tx.nativeUpdate(TeamInvitationSchema, { team: team.id, email: viewer.email, openMarker: 1 }, { openMarker: null, acceptedAt: now });
    await noteChanges(tx, [fundraiserKeys.one(fundraiser.id)]);
  }).catch((error: unknown) => {
    // The same person joining twice at once: the unique (team, user) key lets one row in.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  });
  const [view] = await teamViews(em.fork(), viewer, fundraiser, links, [team.id]);
  return view!;
}

/**
 * What an invitation is for, shown on the page its link opens before anybody signs in: the
 * token is the secret (only its holder, the mail's reader, has it), so the address it was
 * sent to may be shown to them, for them to sign in with.
 */
export async function previewInvitation(em: EntityManager, token: string): Promise<InvitationPreview> {
  const invitation = await em.findOne(TeamInvitationSchema, { tokenHash: sha256(token) }, { populate: ['team', 'team.fundraiser', 'invitedBy'] });
  if (!open(invitation, new Date()) || invitation.team.fundraiser.status === 'SUSPENDED') throw new InvitationNotFound();
  const { team } = invitation;
  return {
    email: invitation.email,
    role: invitation.role,
    teamId: team.id,
    teamName: team.name,
    fundraiserId: team.fundraiser.id,
    fundraiserTitle: team.fundraiser.title,
    inviterName: invitation.invitedBy ? displayName(invitation.invitedBy) : null,
    expiresAt: isoSeconds(invitation.expiresAt),
  };
}

/** The public view of donations by id (the donations module's, handed in by the composition root). */
export type PublicDonations = (em: EntityManager, ids: number[]) => Promise<CreditedDonation[]>;

/** At most this many of a member's credited donations are listed, newest first. */
export const creditsListed = 100;

/**
 * The donations made through the viewer's own link on a team, newest first, as the public
 * sees them (a donor's name, the amount only if they chose to show it), refunded ones left out.
 */
export async function memberCredits(em: EntityManager, viewer: User, teamId: number, publicDonations: PublicDonations): Promise<CreditedDonation[]> {
  const { team } = await visibleTeam(em, viewer, teamId);
  const member = await em.findOne(TeamMemberSchema, { team: team.id, user: viewer.id }, { fields: ['id'] });
  if (!member) throw new NotTeamManager();
  const credits = await em.find(
    DonationCreditSchema,
    { member: member.id, refundedAt: null },
    { fields: ['donationId'], orderBy: { id: 'desc' }, limit: creditsListed },
  );
  const donations = await publicDonations(em, credits.map((c) => c.donationId));
  const byId = new Map(donations.map((d) => [d.id, d]));
  return credits.map((c) => byId.get(c.donationId)).filter((d): d is CreditedDonation => d !== undefined);
}

/** Whether the user is a co-organiser of the fundraiser: with that role on a live team of it that its organiser captains. */
export async function isCoOrganiser(em: EntityManager, fundraiserId: number, userId: number): Promise<boolean> {
  // On a team the organiser still captains: the role is theirs to give, on their own team.
  const [row] = (await em.getConnection().execute(
    `select count(*) as n from \`team_member\` c
      join \`team\` t on t.id = c.team_id
      join \`fundraiser\` f on f.id = t.fundraiser_id
      join \`team_member\` o on o.team_id = t.id and o.user_id = f.owner_id and o.role = 'CAPTAIN' and o.left_at is null
      where c.user_id = ? and c.role = 'CO_ORGANISER' and c.left_at is null and t.fundraiser_id = ? and t.removed_at is null`,
    [userId, fundraiserId],
  )) as { n: number | string }[];
  return Number(row?.n ?? 0) > 0;
}

/** The member whose `?ref=` code this is, while they and their team raise for this fundraiser; null otherwise. */
export async function resolveReferral(em: EntityManager, fundraiserId: number, code: string): Promise<number | null> {
  const member = await em.findOne(
    TeamMemberSchema,
    { referralCode: code, leftAt: null, team: { fundraiser: fundraiserId, removedAt: null } },
    { fields: ['id'] },
  );
  return member?.id ?? null;
}

/** The views of a fundraiser's live teams (all, or those of `only`), as `viewer` may see them. */
async function teamViews(em: EntityManager, viewer: User | null, fundraiser: Fundraiser, links: TeamLinks, only?: number[]): Promise<TeamView[]> {
  const teams = await em.find(
    TeamSchema,
    { fundraiser: fundraiser.id, removedAt: null, ...(only ? { id: { $in: only } } : {}) },
    { orderBy: { raisedMinor: 'desc', donationCount: 'desc', id: 'asc' } },
  );
  if (teams.length === 0) return [];
  const ids = teams.map((t) => t.id);
  const members = await em.find(
    TeamMemberSchema,
    { team: { $in: ids }, leftAt: null },
    { populate: ['user'], orderBy: { raisedMinor: 'desc', donationCount: 'desc', joinedAt: 'asc', id: 'asc' } },
  );
  const viewerId = viewer?.id ?? null;
  const organiser: boolean = mayManage(fundraiser, viewer);
  const captainOf = new Set(members.filter((m) => m.user.id === viewerId && m.role === 'CAPTAIN').map((m) => m.team.id));
  // An address is shown only to whoever typed it into an invitation: anyone may start a team
  // on an open fundraiser, and the people who join it must not become a list of addresses.
  const sentByViewer = viewerId === null ? [] : await em.find(TeamInvitationSchema, { team: { $in: ids }, invitedBy: viewerId }, { orderBy: { createdAt: 'asc' } });
  const typedByViewer = new Set(sentByViewer.map((i) => `${i.team.id} ${i.email}`));
  const avatarIds = [...new Set(members.map((m) => m.user.avatarMediaId).filter((id): id is number => id !== null && id !== undefined))];
  const avatars = await avatarsById(em, links.media, avatarIds);
  const currency = fundraiser.currency;
  const prefix = links.publicUrl;
  const now = Date.now();
  return teams.map((team) => {
    const own = members.filter((m) => m.team.id === team.id);
    return {
      id: team.id,
      fundraiserId: fundraiser.id,
      name: team.name,
      description: team.description,
      creatorId: team.creator.id,
      currency,
      goalAmount: team.goalMinor === null || team.goalMinor === undefined ? null : fromMinor(team.goalMinor, currency),
      raisedAmount: fromMinor(team.raisedMinor, currency),
      donationCount: team.donationCount,
      memberCount: own.length,
      members: own.map((m) =>
        memberView(m, { seesEmail: typedByViewer.has(`${team.id} ${m.user.email}`), seesLink: organiser || m.user.id === viewerId, avatars, currency, link: `${prefix}/fundraiser/${fundraiser.id}?ref=` }),
      ),
      ...(organiser || captainOf.has(team.id)
        ? {
            invitations: sentByViewer
              .filter((i) => i.team.id === team.id && i.openMarker === 1)
              .map((i) => ({ email: i.email, role: i.role, status: i.expiresAt.getTime() > now ? ('INVITED' as const) : ('EXPIRED' as const), expiresAt: isoSeconds(i.expiresAt) })),
          }
        : {}),
      createdAt: isoSeconds(team.createdAt),
    };
  });
}

function memberView(
  m: TeamMember,
  options: { seesEmail: boolean; seesLink: boolean; avatars: Map<number, MediaView>; currency: Fundraiser['currency']; link: string },
): MemberView {
  const avatarId = m.user.avatarMediaId;
  return {
    id: m.id,
    userId: m.user.id,
    name: displayName(m.user),
    role: m.role,
    imageUrl: avatarId === null || avatarId === undefined ? null : (options.avatars.get(avatarId)?.thumbnailUrl ?? null),
    raisedAmount: fromMinor(m.raisedMinor, options.currency),
    donationCount: m.donationCount,
    ...(options.seesEmail ? { email: m.user.email } : {}),
    ...(options.seesLink ? { referralUrl: `${options.link}${m.referralCode}` } : {}),
  };
}
