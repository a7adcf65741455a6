export { DonationSchema, donationStatuses, paymentMethods } from './donation.entity.ts';
export type { Donation, DonationStatus, PaymentMethod } from './donation.entity.ts';
export { settleDonation, expireAbandoned, pendingLifetimeMs } from './donation.states.ts';
export { findDonation, listSucceeded, donationView, assertDonor, donationRowsExist } from './donation.service.ts';
export type { DonationLimits, DonationView, PublicDonationView, DonorActor } from './donation.service.ts';
export { donationRoutes, donorActor, startDonation } from './donation.routes.ts';
export { createDonationRequest } from './donation.schemas.ts';
export { DonationSettled, donationErrorCodes } from './donation.errors.ts';

import { DonationSchema } from './donation.entity.ts';
export const donationEntities = [DonationSchema];
