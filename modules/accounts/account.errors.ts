import { Conflict, Forbidden, NotFound } from '../../kernel/http/index.ts';

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
