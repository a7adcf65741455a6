import { route } from '../../kernel/http/index.ts';
import { currentUser, requireUser } from '../accounts/index.ts';
import { deleteUpdate, listUpdates, postUpdate } from './fundraiser-update.service.ts';
import {
  createFundraiserRequest,
  deleteResponse,
  editFundraiserRequest,
  fundraiserCardResponse,
  fundraiserResponse,
  idParams,
  listQuery,
  pageResponse,
  pagingQuery,
  searchQuery,
  statusRequest,
  updateContentRequest,
  updateParams,
  updateResponse,
  updatesQuery,
  userParams,
} from './fundraiser.schemas.ts';
import type { CoOrganisers } from './fundraiser.access.ts';
import { fundraiserKeys } from './fundraiser.changes.ts';
import { findVisible, type FundraiserService } from './fundraiser.service.ts';

export function fundraiserRoutes(fundraisers: FundraiserService, options: { coOrganisers?: CoOrganisers } = {}) {
  const tag = 'fundraisers';
  return [
    route({
      method: 'post',
      path: '/api/fundraisers',
      tag,
      summary: 'Start a fundraiser; the signed-in user is its organiser',
      body: createFundraiserRequest,
      response: fundraiserResponse,
      status: 201,
      guard: requireUser,
      handler: async ({ body, user, ctx }) => {
        const f = await fundraisers.create(ctx.state.em, user, body);
        return fundraisers.view(ctx.state.em, f, user);
      },
    }),
    route({
      method: 'get',
      path: '/api/fundraisers',
      tag,
      summary: 'Fundraisers open for donations, newest first unless sorted otherwise; filter by category, location or text (`query`)',
      query: listQuery,
      response: pageResponse(fundraiserCardResponse),
      // The unfiltered first page is the same for everyone (answers with a query string are never cached).
      cache: 30,
      handler: async ({ query, ctx }) => fundraisers.list(ctx.state.em, query),
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/search',
      tag,
      summary: 'Search titles and stories in English and Amharic (`query`), or `query=teamId=N` for a team\'s fundraisers',
      query: searchQuery,
      response: pageResponse(fundraiserCardResponse),
      handler: async ({ query, ctx }) => fundraisers.list(ctx.state.em, query),
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/user/:userId',
      tag,
      summary: "A user's fundraisers: all of them for the user and admins, the public ones for anybody else",
      params: userParams,
      query: pagingQuery,
      response: pageResponse(fundraiserCardResponse),
      handler: async ({ params, query, ctx }) => fundraisers.listForUser(ctx.state.em, await currentUser(ctx), params.userId, query),
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/:id',
      tag,
      summary: 'One fundraiser (a suspended one only for its organiser and admins)',
      params: idParams,
      response: fundraiserResponse,
      keptUntilChanged: (params) => [fundraiserKeys.one(params.id), fundraiserKeys.people],
      handler: async ({ params, ctx }) => {
        const viewer = await currentUser(ctx);
        return fundraisers.view(ctx.state.em, await findVisible(ctx.state.em, viewer, params.id, { related: true }), viewer);
      },
    }),
    route({
      method: 'put',
      path: '/api/fundraisers/:id',
      tag,
      summary: 'Edit a fundraiser (organiser or admin); fields left out stay as they are',
      params: idParams,
      body: editFundraiserRequest,
      response: fundraiserResponse,
      guard: requireUser,
      handler: async ({ params, body, user, ctx }) => {
        const f = await fundraisers.edit(ctx.state.em, user, params.id, body);
        return fundraisers.view(ctx.state.em, f, user);
      },
    }),
    route({
      method: 'patch',
      path: '/api/fundraisers/:id',
      tag,
      summary: 'Change the status: ACTIVE ⇄ PAUSED, either → CLOSED (organiser or admin); to or from SUSPENDED (admin only)',
      params: idParams,
      body: statusRequest,
      response: fundraiserResponse,
      guard: requireUser,
      handler: async ({ params, body, user, ctx }) => {
        const f = await fundraisers.changeStatus(ctx.state.em, user, params.id, body.status);
        return fundraisers.view(ctx.state.em, f, user);
      },
    }),
    route({
      method: 'delete',
      path: '/api/fundraisers/:id',
      tag,
      summary: 'Delete a fundraiser without donations; one with donations is closed instead (organiser or admin)',
      params: idParams,
      response: deleteResponse,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => {
        const result = await fundraisers.remove(ctx.state.em, user, params.id);
        return result.outcome === 'deleted' ? result : { outcome: result.outcome, fundraiser: await fundraisers.view(ctx.state.em, result.fundraiser, user) };
      },
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/:id/updates',
      tag,
      summary: "The organiser's updates, newest first",
      params: idParams,
      query: updatesQuery,
      response: pageResponse(updateResponse),
      handler: async ({ params, query, ctx }) => listUpdates(ctx.state.em, await currentUser(ctx), params.id, query),
    }),
    route({
      method: 'post',
      path: '/api/fundraisers/:id/updates',
      tag,
      summary: 'Post an update (organiser, co-organiser or admin)',
      params: idParams,
      body: updateContentRequest,
      response: updateResponse,
      status: 201,
      guard: requireUser,
      handler: async ({ params, body, user, ctx }) => postUpdate(ctx.state.em, user, params.id, body.content, options.coOrganisers),
    }),
    route({
      method: 'delete',
      path: '/api/fundraisers/:id/updates/:updateId',
      tag,
      summary: 'Delete an update (organiser or admin)',
      params: updateParams,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => {
        await deleteUpdate(ctx.state.em, user, params.id, params.updateId);
        return undefined;
      },
    }),
  ];
}
