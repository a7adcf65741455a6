import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DonationSchema, paymentMethods } from '../donations/index.ts';

export const paymentStatuses = ['STARTED', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const refundReasons = ['DUPLICATE', 'REQUESTED', 'NOT_COUNTED'] as const;
export type RefundReason = (typeof refundReasons)[number];

export const sandboxOutcomes = ['succeeded', 'failed', 'cancelled'] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

/** The ways to pay Chapa's page offers, as Chapa names them; its sandbox lets the test donor pick one. */
export const sandboxChannels = ['telebirr', 'cbebirr', 'mpesa', 'bank'] as const;
export type SandboxChannel = (typeof sandboxChannels)[number];

/**
 * One attempt to pay a donation with one method: a Stripe PaymentIntent or a PayPal order
 * (or the sandbox's stand-in for either). A donation has at most one per method, so asking
 * again returns the same one and never charges twice.
 */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payment',
  uniques: [{ properties: ['donation', 'method'] }],
  indexes: [{ properties: ['status', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    donation: p.manyToOne(DonationSchema).deleteRule('restrict'),
    method: p.enum(paymentMethods),
    /** Paid through the sandbox, not a provider: the provider had no keys. */
    sandbox: p.boolean().default(false),
    /** The provider's reference of this attempt (Stripe's PaymentIntent id, PayPal's order id, Chapa's tx_ref, ours; `sandbox_…`); the API's `paymentIntentId`. */
    providerRef: p.string().length(255).unique(),
    status: p.enum(paymentStatuses).default('STARTED'),
    /** Stripe's client secret, for the Payment Element on our page. */
    clientSecret: p.string().length(255).nullable(),
    /** PayPal's page where the donor approves the order, or the sandbox's checkout page. */
    redirectUrl: p.string().length(2048).nullable(),
    /** The provider's id of the money movement (charge or capture), shown on the receipt. */
    transactionId: p.string().length(255).nullable().index(),
    /**
     * Why we gave this payment's money back ourselves: DUPLICATE when the donation had already
     * been paid by another payment (the donor paid by card and by PayPal); REQUESTED when the
     * whole gift was refunded on request (the admin tools); NOT_COUNTED when the money arrived
     * for a gift that could no longer count (its fundraiser closed or was suspended while the
     * donor paid; the donation had been given back already). Set before the provider is asked,
     * so that only one request refunds it, and a crash between the two is finished by the
     * reconciliation; `refundId` once it has.
     */
    refundReason: p.enum(refundReasons).nullable(),
    refundId: p.string().length(255).nullable(),
    /**
     * A chargeback: the donor's bank disputes the payment (Stripe's dispute status:
     * `needs_response`, `under_review`, `won`, `lost`, …), from the provider's webhook. A lost
     * one took the money back, and the donation leaves the total as if refunded.
     */
    disputeStatus: p.string().length(30).nullable(),
    disputedAt: p.datetime().nullable(),
    /**
     * How the donor paid within the method, as the provider names it: for Chapa the wallet or
     * bank (`telebirr`, `cbebirr`, `mpesa`, a bank's name…), shown on the receipt. Null where
     * the method says it all (a card, PayPal).
     */
    channel: p.string().length(40).nullable(),
    /** What the donor chose on the sandbox's checkout page. */
    sandboxOutcome: p.enum(sandboxOutcomes).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export type Payment = InferEntity<typeof PaymentSchema>;

/** A provider's webhook event, kept so that each one takes effect once. */
export const PaymentEventSchema = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_event',
  uniques: [{ properties: ['provider', 'eventId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    provider: p.enum(paymentMethods),
    eventId: p.string().length(255),
    type: p.string().length(100),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});

export type PaymentEvent = InferEntity<typeof PaymentEventSchema>;
