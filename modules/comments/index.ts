export { commentRoutes } from './comment.routes.ts';
export { findVisibleComment, findVisibleWords, removeComment, hideWords } from './comment.service.ts';
export { conversation } from './comment.conversation.ts';
export { recountComments } from './comment.tally.ts';
export { seedDemoComments } from './comment.demo.ts';
export { demoSupporters } from './comment.demo-data.ts';
export { commentChangeWatchers } from './comment.changes.ts';
export { commentDigestJob } from './comment.jobs.ts';
export { commentDigestComposer, commentDigestMailKind } from './comment.digest.ts';
export { commentMessages } from './comment.messages.ts';
export type { ConversationItem, LikeView } from './comment.schemas.ts';
export { CommentLikeSchema, CommentSchema } from './comment.entity.ts';
export type { Comment } from './comment.entity.ts';

import { CommentDigestSchema, CommentLikeSchema, CommentSchema, CommentTallySchema } from './comment.entity.ts';
export const commentEntities = [CommentSchema, CommentLikeSchema, CommentTallySchema, CommentDigestSchema];
export { commentForReview } from './comment.review.ts';
