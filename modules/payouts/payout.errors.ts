import { AppError, Conflict, Forbidden, NotFound } from '../../kernel/http/index.ts';

export class PayoutNotFound extends NotFound {
  constructor() {
    super('payout_not_found');
  }
}

/** The balance, the account and the requests are the organiser's (and the admins') to see; a change of account or a request, the organiser's alone. */
export class OrganiserOnly extends Forbidden {
  constructor() {
    super('payout_organiser_only');
  }
}

/** Approving or rejecting is for the admins (and the treasurers an organiser invites). */
export class ApproverOnly extends Forbidden {
  constructor() {
    super('payout_approver_only');
  }
}

/** The person who asked for a payout never approves it: that is the second pair of eyes. */
export class OwnRequest extends Forbidden {
  constructor() {
    super('payout_own_request');
  }
}

export class OverAvailable extends AppError {
  constructor(available: string, currency: string) {
    super(409, 'payout_over_available', { params: { available, currency } });
  }
}

export class MethodMissing extends Conflict {
  constructor() {
    super('payout_method_missing');
  }
}

/** The account was set or changed less than 48 hours ago. */
export class MethodHeld extends AppError {
  constructor(hours: number) {
    super(409, 'payout_method_held', { params: { hours } });
  }
}

/** The fundraiser is suspended: its payouts wait for the review. */
export class PayoutsFrozen extends Conflict {
  constructor() {
    super('payout_frozen');
  }
}

/** Approved, rejected, cancelled or paid already: nothing left to decide. */
export class NotAwaiting extends Conflict {
  constructor() {
    super('payout_not_awaiting');
  }
}

export class AlreadyApproved extends Conflict {
  constructor() {
    super('payout_already_approved');
  }
}

/** Money already paid out or on its way would be more than what was kept (a refund since the request). */
export class WouldOverdraw extends Conflict {
  constructor() {
    super('payout_would_overdraw');
  }
}

/** A refund would leave the fundraiser with less than was paid out or is on its way; an admin may let the platform cover it. */
export class RefundWouldOverdraw extends AppError {
  constructor(outgoing: string, currency: string) {
    super(409, 'refund_would_overdraw', { params: { outgoing, currency } });
  }
}

/** Dollars are paid by the finance staff to an account abroad, which this does not take yet. */
export class CurrencyUnsupported extends Conflict {
  constructor() {
    super('payout_currency_unsupported');
  }
}

/** No transfer rail (production without Chapa's keys), or Chapa not answering for its banks. */
export class TransfersUnavailable extends AppError {
  constructor() {
    super(503, 'payout_transfers_unavailable', { headers: { 'Retry-After': '60' } });
  }
}

/** Chapa's call before it releases a transfer, refused: not signed by us, or not a payout we approved as it stands. */
export class ApprovalRefused extends AppError {
  constructor() {
    super(400, 'payout_approval_refused');
  }
}

export const payoutErrorCodes = [
  'payout_not_found',
  'payout_organiser_only',
  'payout_approver_only',
  'payout_own_request',
  'payout_over_available',
  'payout_method_missing',
  'payout_method_held',
  'payout_frozen',
  'payout_not_awaiting',
  'payout_already_approved',
  'payout_would_overdraw',
  'refund_would_overdraw',
  'payout_currency_unsupported',
  'payout_transfers_unavailable',
  'payout_approval_refused',
  'field.payout_bank_unknown',
  'field.payout_account_length',
  'field.payout_account_digits',
] as const;
