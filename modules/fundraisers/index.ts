export { fundraiserRoutes } from './fundraiser.routes.ts';
export {
  createFundraiserService,
  authoriseFundraiserMedia,
  findVisible,
  hasDonations,
  listedStatuses,
  publicStatuses,
} from './fundraiser.service.ts';
export type { FundraiserService, ListRequest } from './fundraiser.service.ts';
export { mayManage, mayModerate, noCoOrganisers } from './fundraiser.access.ts';
export type { CoOrganisers } from './fundraiser.access.ts';
export { fundraiserCards, summaryOf, pageOf, isoSeconds, displayName } from './fundraiser.views.ts';
export type { FundraiserView, FundraiserCard, Page } from './fundraiser.schemas.ts';
export { featuredFundraisers, fundraiserStats } from './fundraiser.featured.ts';
export type { FeaturedFundraiser, CategoryFirstPage } from './fundraiser.schemas.ts';
export { categoryFirstPages } from './fundraiser.category-pages.ts';
export { seedDemoFundraisers } from './fundraiser.demo.ts';
export { demoFundraisers, demoOrganisers } from './fundraiser.demo-data.ts';
export { fundraiserErrorCodes } from './fundraiser.errors.ts';
export { addToTotals } from './fundraiser.raised-total.ts';
export { fundedRank, goalRank } from './fundraiser.sort-keys.ts';
export { lockFundraiserRow, lockFundraiserRowIn } from './fundraiser.money-lock.ts';
export { fundraiserStatus, fundraiserCurrency, lockedFundraiser, fundraiserById, fundraiserIdsOwnedBy, existingFundraiserIds } from './fundraiser.rows.ts';
export { moderateStatus, beforeSuspension, setVerified, pauseOwnedBy, resumeFundraisers, searchAllFundraisers, countFundraisersSince, fundraiserWithOrganiser } from './fundraiser.moderation.ts';
export type { FundraiserSearch } from './fundraiser.moderation.ts';
export { maxGoal, pageResponse, staticCardResponse, categoryFirstPageResponse } from './fundraiser.schemas.ts';
export { FundraiserSchema, FundraiserUpdateSchema, fundraiserStatuses } from './fundraiser.entity.ts';
export type { Fundraiser, FundraiserStatus, FundraiserUpdate } from './fundraiser.entity.ts';
export { fundraiserMessages } from './fundraiser.messages.ts';
export { updatesSlice } from './fundraiser-update.service.ts';
export { fundraiserKeys, fundraiserChangeWatchers } from './fundraiser.changes.ts';
import { FundraiserSchema, FundraiserUpdateSchema } from './fundraiser.entity.ts';
export const fundraiserEntities = [FundraiserSchema, FundraiserUpdateSchema];
export { shareChannels, visitChannels, channelOf } from './fundraiser.share-channels.ts';
export type { ShareChannel, VisitChannel } from './fundraiser.share-channels.ts';
