export { teamRoutes } from './team.routes.ts';
export { resolveReferral, isCoOrganiser } from './team.service.ts';
export { creditDonation, refundCredit } from './team.credit.ts';
export { teamMessages } from './team.messages.ts';
export { TeamSchema, TeamMemberSchema, DonationCreditSchema } from './team.entity.ts';
export type { Team, TeamRole } from './team.entity.ts';
export type { TeamView, MemberView, TeamBoard } from './team.schemas.ts';
export { teamBoard } from './team.board.ts';
export { seedDemoTeams } from './team.demo.ts';
export { memberDigestComposer, memberDigestJob, memberDigestMailKind } from './team.digest.ts';

import { DonationCreditSchema, TeamInvitationSchema, TeamMemberSchema, TeamSchema } from './team.entity.ts';
export const teamEntities = [TeamSchema, TeamMemberSchema, TeamInvitationSchema, DonationCreditSchema];
