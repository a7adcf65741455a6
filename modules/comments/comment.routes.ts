import type { MediaLinks } from '../media/index.ts';
import { route } from '../../kernel/http/index.ts';
import { currentUser, requireUser } from '../accounts/index.ts';
import { fundraiserKeys, type CoOrganisers } from '../fundraisers/index.ts';
import { conversation } from './comment.conversation.ts';
import {
  commentParams,
  conversationItemResponse,
  conversationQuery,
  conversationResponse,
  fundraiserParams,
  likeResponse,
  postCommentRequest,
  removeCommentRequest,
  removeCommentResponse,
} from './comment.schemas.ts';
import { hideWords, postComment, removeComment, setLike } from './comment.service.ts';

/** `coOrganisers`: who else may hide what others wrote (the teams module's co-organisers); `mediaLinks`: where authors' pictures are. */
export function commentRoutes(options: { coOrganisers?: CoOrganisers; mediaLinks: MediaLinks }) {
  const tag = 'comments';
  return [
    route({
      method: 'post',
      path: '/api/comments',
      tag,
      summary: 'Comment on a fundraiser as the signed-in user (`userId` must be theirs); plain text, 1–2,000 characters',
      body: postCommentRequest,
      response: conversationItemResponse,
      status: 201,
      guard: requireUser,
      handler: async ({ body, user, ctx }) => postComment(ctx.state.em, options.mediaLinks, user, body, { ip: ctx.state.clientIp }),
    }),
    route({
      method: 'get',
      path: '/api/comments/:fundraiserId',
      tag,
      summary: "A fundraiser's conversation, newest first: its comments and donors' words of support (a suspended fundraiser's only for its organiser and admins)",
      params: fundraiserParams,
      query: conversationQuery,
      response: conversationResponse,
      keptUntilChanged: (params) => [fundraiserKeys.one(params.fundraiserId), fundraiserKeys.people],
      handler: async ({ params, query, ctx }) => conversation(ctx.state.em, options.mediaLinks, await currentUser(ctx), params.fundraiserId, query),
    }),
    route({
      method: 'post',
      path: '/api/comments/:id/like',
      tag,
      summary: 'Like a comment (liking twice is one like); answers the new count',
      params: commentParams,
      response: likeResponse,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => setLike(ctx.state.em, user, params.id, true),
    }),
    route({
      method: 'delete',
      path: '/api/comments/:id/like',
      tag,
      summary: 'Take back a like (fine when there was none); answers the new count',
      params: commentParams,
      response: likeResponse,
      guard: requireUser,
      handler: async ({ params, user, ctx }) => setLike(ctx.state.em, user, params.id, false),
    }),
    route({
      method: 'delete',
      path: '/api/comments/:id',
      tag,
      summary: "Delete one's own comment; the fundraiser's organiser or an admin hides someone else's instead, with a reason",
      params: commentParams,
      body: removeCommentRequest,
      response: removeCommentResponse,
      guard: requireUser,
      handler: async ({ params, body, user, ctx }) => removeComment(ctx.state.em, user, params.id, body?.reason, options.coOrganisers),
    }),
    route({
      method: 'delete',
      path: '/api/comments/words/:id',
      tag,
      summary: "Hide a donor's words of support (`:id` the donation's): for the fundraiser's organiser or an admin, with a reason; the donation itself stays",
      params: commentParams,
      body: removeCommentRequest,
      response: removeCommentResponse,
      guard: requireUser,
      handler: async ({ params, body, user, ctx }) => hideWords(ctx.state.em, user, params.id, body?.reason, options.coOrganisers),
    }),
  ];
}
