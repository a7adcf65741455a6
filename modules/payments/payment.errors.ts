import { AppError, BadRequest, Conflict, NotFound } from '../../kernel/http/index.ts';

export class PaymentNotFound extends NotFound {
  constructor() {
    super('payment_not_found');
  }
}

/** A sandbox payment whose outcome was already chosen differently. */
export class SandboxOutcomeChosen extends Conflict {
  constructor() {
    super('sandbox_outcome_chosen');
  }
}

/** A webhook delivery whose signature or body does not verify: nothing is changed. */
export class InvalidWebhook extends BadRequest {
  constructor() {
    super('webhook_invalid');
  }
}

/** The provider refused to start the payment or could not be reached. */
export class ProviderUnavailable extends AppError {
  constructor() {
    super(502, 'payment_provider_unavailable');
  }
}

/** No live rail for this method: in production a method without provider keys is not offered. */
export class PaymentMethodUnavailable extends Conflict {
  constructor() {
    super('payment_method_unavailable');
  }
}

/** Only a paid donation, still counted, has money to give back. */
export class NotRefundable extends Conflict {
  constructor() {
    super('donation_not_refundable');
  }
}

/** Another request is refunding this donation right now. */
export class RefundInProgress extends Conflict {
  constructor() {
    super('refund_in_progress');
  }
}

/** Part of a gift is at least one minor unit and less than all of it (all of it is a whole refund). */
export class RefundAmountInvalid extends AppError {
  constructor() {
    super(400, 'refund_amount_invalid');
  }
}

/** The provider refused the refund or could not be reached: nothing was given back. */
export class RefundRefused extends AppError {
  constructor() {
    super(502, 'refund_refused');
  }
}
