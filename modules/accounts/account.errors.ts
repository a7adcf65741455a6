import { AppError, Conflict, Forbidden, NotFound } from '../../kernel/http/index.ts';

/** The password was right, but an admin disabled the account. */
export class AccountDisabled extends Forbidden {
  constructor() {
    super('account_disabled');
  }
}

export class UserNotFound extends NotFound {
  constructor() {
    super('user_not_found');
  }
}

/** An admin disables, enables, grants or revokes for others, never for themself. */
export class OwnAccount extends Conflict {
  constructor() {
    super('own_account');
  }
}

/** The platform always keeps one admin who can sign in. */
export class LastAdmin extends Conflict {
  constructor() {
    super('last_admin');
  }
}

/** Already as asked: disabled, enabled, admin or not (another admin may have just done it). */
export class AccountAlreadyThus extends Conflict {
  constructor() {
    super('account_unchanged');
  }
}

/** A link for this address was mailed within the last minute, past the address's hourly quota. */
export class LinkMailedRecently extends AppError {
  constructor(seconds: number) {
    super(429, 'mail_link_recent', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) } });
  }
}
