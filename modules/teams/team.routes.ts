import { route } from '../../kernel/http/index.ts';
import { currentUser, requireUser } from '../accounts/index.ts';
import type { Mailer } from '../mail/index.ts';
import { sendInvitation } from './team.mails.ts';
import {
  acceptResponse,
  creditedDonationsResponse,
  invitationPreviewResponse,
  createTeamRequest,
  editTeamRequest,
  fundraiserParams,
  invitationParams,
  memberChangeResponse,
  memberParams,
  memberQuery,
  memberRemovalResponse,
  teamListResponse,
  teamParams,
  teamResponse,
} from './team.schemas.ts';
import {
  acceptInvitation,
  createTeam,
  editTeam,
  inviteMember,
  joinTeam,
  listTeams,
  memberCredits,
  previewInvitation,
  removeMember,
  removeMemberById,
  removeTeam,
  type PublicDonations,
  type TeamLinks,
} from './team.service.ts';

export function teamRoutes(deps: TeamLinks & { mailer: Mailer; publicDonations: PublicDonations }) {
  const tag = 'teams';
  const links: TeamLinks = { publicUrl: deps.publicUrl, media: deps.media };
  return [
    route({
      method: 'post',
      path: '/api/teams',
      tag,
      summary: "Start a team for a fundraiser (its organiser, or anybody signed in when the organiser opened it to teams); its creator is its captain",
      body: createTeamRequest,
      response: teamResponse,
      status: 201,
      guard: requireUser,
      handler: async ({ body, user, ctx }) => createTeam(ctx.state.em, user, body, links),
    }),
    route({
      method: 'get',
      path: '/api/teams/fundraiser/:fundraiserId',
      tag,
      summary: "A fundraiser's teams and their members, ranked by what they raised; a member's e-mail address only for whoever invited them",
      params: fundraiserParams,
      response: teamListResponse,
      handler: async ({ params, ctx }) => listTeams(ctx.state.em, await currentUser(ctx), params.fundraiserId, links),
    }),
    route({
      method: 'put',
      path: '/api/teams/:id',
      tag,
      summary: "Change a team's name, story or goal: its captain or the fundraiser's organiser",
      params: teamParams,
      body: editTeamRequest,
      response: teamResponse,
      guard: requireUser,
      handler: async ({ params, body, user, ctx }) => editTeam(ctx.state.em, user, params.id, body, links),
    }),
    route({
      method: 'delete',
      path: '/api/teams/:id',
      tag,
      summary: 'Remove a team (the fundraiser’s organiser or an admin); it is kept for the record, out of every list',
      params: teamParams,
      status: 204,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => {
        await removeTeam(ctx.state.em, user, params.id);
      },
    }),
    route({
      method: 'post',
      path: '/api/teams/:id/members',
      tag,
      summary: 'Invite an address to the team by e-mail (captain or organiser); nobody joins without accepting. Idempotent',
      params: teamParams,
      query: memberQuery,
      response: memberChangeResponse,
      guard: requireUser,
      handler: async ({ params, query, user, ctx }) => {
        const { change, mail } = await inviteMember(ctx.state.em, user, params.id, query.userEmail, query.role);
        if (mail) await sendInvitation(ctx.state.em, deps, mail, ctx.state.lang);
        return change;
      },
    }),
    route({
      method: 'delete',
      path: '/api/teams/:id/members',
      tag,
      summary: 'Take an address off the team, or withdraw its invitation (captain or organiser; a member for themself). Idempotent',
      params: teamParams,
      query: memberQuery,
      response: memberChangeResponse,
      guard: requireUser,
      handler: async ({ params, query, user, ctx }) => removeMember(ctx.state.em, user, params.id, query.userEmail),
    }),
    route({
      method: 'delete',
      path: '/api/teams/:id/members/:memberId',
      tag,
      summary: 'Take a member off the team by the id its list shows (captain or organiser; a member for themself). Idempotent',
      params: memberParams,
      response: memberRemovalResponse,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => removeMemberById(ctx.state.em, user, params.id, params.memberId),
    }),
    route({
      method: 'post',
      path: '/api/teams/:id/join',
      tag,
      summary: 'Join a team by yourself: only the teams of a fundraiser its organiser opened to supporters. Idempotent',
      params: teamParams,
      response: teamResponse,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => joinTeam(ctx.state.em, user, params.id, links),
    }),
    route({
      method: 'get',
      path: '/api/teams/:id/credits',
      tag,
      summary: 'The donations made through your own link on this team, newest first (the latest 100), as the public sees them',
      params: teamParams,
      response: creditedDonationsResponse,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => memberCredits(ctx.state.em, user, params.id, deps.publicDonations),
    }),
    route({
      method: 'get',
      path: '/api/teams/invitations/:token',
      tag,
      summary: 'What an invitation is for (team, fundraiser, inviter, the invited address): for the page its link opens',
      params: invitationParams,
      response: invitationPreviewResponse,
      handler: async ({ params, ctx }) => previewInvitation(ctx.state.em, params.token),
    }),
    route({
      method: 'post',
      path: '/api/teams/invitations/:token/accept',
      tag,
      summary: 'Accept an invitation: only signed in with the invited address, once, before it expires',
      params: invitationParams,
      response: acceptResponse,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => acceptInvitation(ctx.state.em, user, params.token),
    }),
  ];
}
