import { Conflict, NotFound } from '../../api/http/index.ts';

export class DonationNotFound extends NotFound {
  constructor() {
    super('donation_not_found');
  }
}

/** Paused, closed or suspended: the fundraiser takes no money now. */
export class FundraiserNotAccepting extends Conflict {
  constructor() {
    super('fundraiser_not_accepting');
  }
}

/** A payment for a donation that is no longer waiting for one. */
export class DonationSettled extends Conflict {
  constructor() {
    super('donation_settled');
  }
}

export const donationErrorCodes = ['donation_not_found', 'fundraiser_not_accepting', 'donation_settled'] as const;
