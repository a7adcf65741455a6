export { DonationSchema, DonationHourSchema, DonationDaySchema, DonationChannelDaySchema, DonationMethodDaySchema, donationStatuses, paymentMethods } from './donation.entity.ts';
export { rebuildBuckets } from './donation.buckets.ts';
export { searchDonations, donationWithFundraiser, raisedSince, paidDonationIds, donationStandings, wordsForReview } from './donation.admin.ts';
export type { DonationSearch } from './donation.admin.ts';
export type { Donation, DonationStatus, PaymentMethod } from './donation.entity.ts';
export { settleDonation, giveUpUncounted, mayCount, expireAbandoned, purgeUnpaid, pastLifetime, pendingLifetimeMs } from './donation.states.ts';
export { expireDonationsJob } from './donation.jobs.ts';
export { shownName, findDonation, listSucceeded, succeededPage, publicDonationsByIds, donationView, assertDonor, donationRowsExist, wordsOfSupportQuery, wordsOfSupportCountQuery, wordsOfSupportFundraiser, hideWordsOfSupport } from './donation.service.ts';
export type { DonationLimits, DonorActor } from './donation.service.ts';
export type { DonationView, PublicDonationView } from './donation.schemas.ts';
export { donationRoutes, donorActor, startDonation } from './donation.routes.ts';
export { createDonationRequest } from './donation.schemas.ts';
export { DonationSettled, FundraiserNotAccepting, donationErrorCodes } from './donation.errors.ts';
export { donationMessages } from './donation.messages.ts';
export { seedDemoDonations } from './donation.demo.ts';
export type { DemoFunding } from './donation.demo.ts';

import { DonationChannelDaySchema, DonationDaySchema, DonationHourSchema, DonationMethodDaySchema, DonationSchema } from './donation.entity.ts';
export const donationEntities = [DonationSchema, DonationHourSchema, DonationDaySchema, DonationChannelDaySchema, DonationMethodDaySchema];
