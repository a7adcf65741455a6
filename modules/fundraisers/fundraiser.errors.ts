import { Conflict, Forbidden, NotFound } from '../../kernel/http/index.ts';

export class FundraiserNotFound extends NotFound {
  constructor() {
    super('fundraiser_not_found');
  }
}

/** Signed in, but neither the organiser nor an admin. */
export class NotFundraiserManager extends Forbidden {
  constructor() {
    super('not_fundraiser_manager');
  }
}

/** A create request naming another user as the organiser. */
export class OwnerMismatch extends Forbidden {
  constructor() {
    super('owner_mismatch');
  }
}

export class InvalidStatusChange extends Conflict {
  constructor() {
    super('status_change_not_allowed');
  }
}

/** While suspended, a fundraiser is the moderators' to change, not its organiser's. */
export class FundraiserSuspended extends Forbidden {
  constructor() {
    super('fundraiser_suspended');
  }
}

/** Suspending, or lifting a suspension, is moderation: admins only. */
export class StatusChangeAdminOnly extends Forbidden {
  constructor() {
    super('status_admin_only');
  }
}

export class CurrencyLocked extends Conflict {
  constructor() {
    super('currency_locked');
  }
}

export class UpdateNotFound extends NotFound {
  constructor() {
    super('update_not_found');
  }
}

/** Every code this module answers with, for the test that both catalogues hold them. */
export const fundraiserErrorCodes = [
  'fundraiser_not_found',
  'not_fundraiser_manager',
  'owner_mismatch',
  'status_change_not_allowed',
  'status_admin_only',
  'fundraiser_suspended',
  'currency_locked',
  'update_not_found',
  'field.category_unknown',
  'field.location_unknown',
  'field.amount_format',
  'field.amount_positive',
  'field.path_id_mismatch',
] as const;
