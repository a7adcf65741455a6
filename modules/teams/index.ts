export { teamRoutes } from './team.routes.ts';
export { resolveReferral, invitationLifetimeMs, teamLimits, isCoOrganiser } from './team.service.ts';
export type { PublicDonations } from './team.service.ts';
export { creditDonation, refundCredit } from './team.credit.ts';
export { teamMessages } from './team.messages.ts';
export { teamErrorCodes } from './team.errors.ts';
export { TeamSchema, TeamMemberSchema, TeamInvitationSchema, DonationCreditSchema, teamRoles } from './team.entity.ts';
export type { Team, TeamMember, TeamInvitation, DonationCredit, TeamRole } from './team.entity.ts';
export type { TeamView, MemberView, TeamBoard } from './team.schemas.ts';
export { teamBoard } from './team.board.ts';
export { seedDemoTeams } from './team.demo.ts';
export { memberDigestComposer, memberDigestJob, memberDigestMailKind, sendMemberDigests } from './team.digest.ts';

import { DonationCreditSchema, TeamInvitationSchema, TeamMemberSchema, TeamSchema } from './team.entity.ts';
export const teamEntities = [TeamSchema, TeamMemberSchema, TeamInvitationSchema, DonationCreditSchema];
