import { AppError, Conflict, Forbidden, NotFound } from '../../kernel/http/index.ts';

export class TeamNotFound extends NotFound {
  constructor() {
    super('team_not_found');
  }
}

/** A team sent in another user's name. */
export class CreatorMismatch extends Forbidden {
  constructor() {
    super('creator_mismatch');
  }
}

/** Teams of this fundraiser are started by its organiser, unless they opened it to supporters. */
export class TeamsClosed extends Forbidden {
  constructor() {
    super('teams_closed');
  }
}

/** Only an ACTIVE fundraiser takes new teams. */
export class FundraiserNotActive extends Conflict {
  constructor() {
    super('team_fundraiser_not_active');
  }
}

/** Neither the team's captain nor the fundraiser's organiser (nor, for leaving, the member). */
export class NotTeamManager extends Forbidden {
  constructor() {
    super('team_not_yours');
  }
}

/** No open invitation with that token: unknown, used, withdrawn or expired. */
export class InvitationNotFound extends NotFound {
  constructor() {
    super('invitation_not_found');
  }
}

/** No member with that id on that team. */
export class MemberNotFound extends NotFound {
  constructor() {
    super('team_member_not_found');
  }
}

/** The invitation is for another e-mail address than the signed-in user's. */
export class InvitationNotYours extends Forbidden {
  constructor() {
    super('invitation_not_yours');
  }
}

/** Joining without an invitation: only the teams of a fundraiser its organiser opened to supporters. */
export class TeamInviteOnly extends Forbidden {
  constructor() {
    super('team_invite_only');
  }
}

/** Co-organisers are named by the fundraiser's organiser (or an admin), on the organiser's own team. */
export class CoOrganiserNotAllowed extends Forbidden {
  constructor() {
    super('co_organiser_not_allowed');
  }
}

const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
const hours = (seconds: number) => Math.max(1, Math.ceil(seconds / 3600));

/** An account younger than a day has sent the few invitations it may send in that day. */
export class NewAccountInvitesSpent extends AppError {
  constructor(limit: number, seconds: number) {
    super(429, 'team_invites_new_account', { params: { limit, hours: hours(seconds) }, headers: retryAfter(seconds) });
  }
}

/** The address has been mailed the invitations it may receive in a day, whoever sent them. */
export class AddressInvitedEnough extends AppError {
  constructor(seconds: number) {
    super(429, 'team_invites_to_address', { params: { hours: hours(seconds) }, headers: retryAfter(seconds) });
  }
}

/** Every code this module answers with, for the test that both catalogues hold them. */
export const teamErrorCodes = [
  'team_not_found',
  'creator_mismatch',
  'teams_closed',
  'team_fundraiser_not_active',
  'team_not_yours',
  'invitation_not_found',
  'invitation_not_yours',
  'team_member_not_found',
  'team_invites_new_account',
  'team_invites_to_address',
  'team_invite_only',
  'co_organiser_not_allowed',
] as const;
