import { Conflict, Forbidden, NotFound } from '../../kernel/http/index.ts';

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

/**
 * Somebody other than whoever started the donation (another browser, another account) asked
 * to pay it, complete it, confirm it or have its receipt.
 */
export class DonationNotYours extends Forbidden {
  constructor() {
    super('donation_not_yours');
  }
}

/** A donation in another currency than its fundraiser's: its amount must never reach that total. */
export class DonationCurrencyMismatch extends Conflict {
  constructor() {
    super('donation_currency_mismatch');
  }
}

export const donationErrorCodes = ['donation_not_found', 'fundraiser_not_accepting', 'donation_settled', 'donation_not_yours', 'donation_currency_mismatch'] as const;
