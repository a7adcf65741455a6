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

/** Seconds after which a provider that did not answer is worth asking again. */
const retryProviderAfterSeconds = 30;

/**
 * A provider could not say how a payment stands: it did not answer, in time or at all
 * (`transient`: worth asking again shortly), or refused, or answered what cannot be read.
 * Nothing was recorded. Routes that ask on a provider's word answer it with a 503 or a 502.
 */
export class ProviderFailed extends Error {
  readonly transient: boolean;

  constructor(message: string, options: { transient: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.transient = options.transient;
  }
}

/** The provider did not answer in time, or could not be reached: nothing changed, and asking again shortly may do. */
export class ProviderUnreachable extends AppError {
  constructor() {
    super(503, 'payment_provider_unreachable', { headers: { 'Retry-After': String(retryProviderAfterSeconds) } });
  }
}

/** The provider refused to say how a payment stands, or said it in a way we cannot read: nothing changed. */
export class PaymentCheckFailed extends AppError {
  constructor() {
    super(502, 'payment_check_failed');
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
