import { AppError, Conflict, NotFound } from '../../kernel/http/index.ts';

/** "Refund all" is already under way for this fundraiser. */
export class RefundRunRunning extends Conflict {
  constructor() {
    super('refund_run_running');
  }
}

/** "Refund all" is for a fundraiser taken down: suspended first, so no new money comes in meanwhile. */
export class RefundAllNeedsSuspension extends Conflict {
  constructor() {
    super('refund_all_needs_suspension');
  }
}

/** Hiding is for a comment or a donor's words, suspending for a fundraiser. */
export class FlagActionMismatch extends AppError {
  constructor() {
    super(400, 'flag_action_mismatch');
  }
}

/** Only a paid donation has a receipt. */
export class NoReceipt extends Conflict {
  constructor() {
    super('receipt_unpaid');
  }
}

export class MailNotFound extends NotFound {
  constructor() {
    super('mail_not_found');
  }
}

/** Only a mail that failed is sent again by hand; the others are sent or on their way. */
export class MailNotFailed extends Conflict {
  constructor() {
    super('mail_not_failed');
  }
}
