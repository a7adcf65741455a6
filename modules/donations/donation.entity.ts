import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';
import { FundraiserSchema } from '../fundraisers/index.ts';
import { currencies } from '../money/index.ts';
import { TeamMemberSchema } from '../teams/index.ts';

/**
 * PENDING until a provider's answer or a verified webhook settles it. States only move
 * forward by rank (donation.states.ts): a failed card attempt may still succeed on a second
 * try, a success may be refunded, nothing goes back to PENDING.
 */
export const donationStatuses = ['PENDING', 'FAILED', 'CANCELLED', 'EXPIRED', 'SUCCEEDED', 'REFUNDED'] as const;
export type DonationStatus = (typeof donationStatuses)[number];

export const paymentMethods = ['STRIPE', 'PAYPAL'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const DonationSchema = defineEntity({
  name: 'Donation',
  tableName: 'donation',
  indexes: [
    // The fundraiser page's "recent donations" and the reconciliation of totals.
    { properties: ['fundraiser', 'status', 'succeededAt'] },
    // The expiry job finds abandoned PENDING ones by age.
    { properties: ['status', 'createdAt'] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    // Restrict, not cascade: a fundraiser with money attached is closed, never deleted.
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('restrict'),
    /** The signed-in donor; null for a visitor who gave without an account. */
    donor: p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    /** In minor units of `currency`, which is always the fundraiser's. */
    amountMinor: p.integer(),
    currency: p.enum(currencies),
    message: p.text().nullable(),
    /**
     * The fundraiser's organiser or an admin hid the message from the page (words of support
     * that break the rules): when, who and why. The message is kept for the record.
     */
    messageHiddenAt: p.datetime().nullable(),
    messageHiddenBy: p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    messageHiddenReason: p.string().length(500).nullable(),
    /** The donor lets the amount be shown to everybody: in the fundraiser's donations and beside their words of support. */
    showAmount: p.boolean().default(false),
    /**
     * The team member whose link (`?ref=`) the donor came through, fixed when the donation is
     * made: credited to them and their team once it succeeds.
     */
    referralMember: p.manyToOne(TeamMemberSchema).nullable().deleteRule('set null'),
    /** As the donor wants to be shown; null or empty shows as Anonymous. */
    donorName: p.string().length(100).nullable(),
    /** For the receipt only; never shown to anybody else. */
    donorEmail: p.string().length(254),
    status: p.enum(donationStatuses).default('PENDING'),
    /** How it was (or is being) paid; set when a payment starts. */
    paymentMethod: p.enum(paymentMethods).nullable(),
    /**
     * The browser session that started it (the session's id, itself a hash of its cookie):
     * only that browser, or the signed-in donor, may pay it, confirm it or ask for its receipt.
     */
    creatorSession: p.string().length(64).nullable(),
    /** The language the donor used, for the receipt e-mail. */
    language: p.enum(['en', 'am'] as const).default('en'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    succeededAt: p.datetime().nullable(),
  },
});

export type Donation = InferEntity<typeof DonationSchema>;
