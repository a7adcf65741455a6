import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';
import { FundraiserSchema, visitChannels } from '../fundraisers/index.ts';
import { currencies } from '../money/index.ts';
import { TeamMemberSchema } from '../teams/index.ts';

/**
 * PENDING until a provider's answer or a verified webhook settles it. States only move
 * forward by rank (donation.states.ts): a failed card attempt may still succeed on a second
 * try, a success may be refunded, nothing goes back to PENDING.
 */
export const donationStatuses = ['PENDING', 'FAILED', 'CANCELLED', 'EXPIRED', 'SUCCEEDED', 'REFUNDED'] as const;
export type DonationStatus = (typeof donationStatuses)[number];

/** Card (Stripe), PayPal, and birr through Chapa (telebirr, CBE Birr, M-Pesa, Ethiopian banks). */
export const paymentMethods = ['STRIPE', 'PAYPAL', 'CHAPA'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const DonationSchema = defineEntity({
  name: 'Donation',
  tableName: 'donation',
  indexes: [
    // The fundraiser page's "recent donations" and the reconciliation of totals.
    { properties: ['fundraiser', 'status', 'succeededAt'] },
    // The expiry job finds abandoned PENDING ones by age.
    { properties: ['status', 'createdAt'] },
    // A donor's first counted gift to a fundraiser (donation.buckets.ts).
    { properties: ['fundraiser', 'donorEmail', 'status'] },
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
    /** The share the donor came through (the `?s=` of the address they arrived by), else `direct`. */
    channel: p.enum(visitChannels).default('direct'),
    /** The donor lets the organisers see their e-mail address, to thank them or keep them posted. */
    mayContact: p.boolean().default(false),
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

/**
 * What succeeded donations (less refunds) sum to in one UTC hour of one fundraiser: the
 * timelines and totals of reports, whatever the number of donations (kept by donation.buckets.ts
 * in the transaction that settles each donation).
 */
export const DonationHourSchema = defineEntity({
  name: 'DonationHour',
  tableName: 'donation_hour',
  uniques: [{ properties: ['fundraiser', 'hour', 'currency'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    /** The start of the UTC hour the donations succeeded in. */
    hour: p.datetime(),
    currency: p.enum(currencies),
    donations: p.integer().default(0),
    amountMinor: p.bigint('number').default(0),
    /** Donors whose first gift still counted succeeded in this hour: summed over hours, nobody twice. */
    donors: p.integer().default(0),
    largestMinor: p.bigint('number').default(0),
  },
});
export type DonationHour = InferEntity<typeof DonationHourSchema>;

/** The same sums per Addis Ababa day: a report in Addis Ababa time reads a row a day, however busy the fundraiser. */
export const DonationDaySchema = defineEntity({
  name: 'DonationDay',
  tableName: 'donation_day',
  uniques: [{ properties: ['fundraiser', 'day', 'currency'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    /** YYYY-MM-DD in Addis Ababa. */
    day: p.string().length(10),
    currency: p.enum(currencies),
    donations: p.integer().default(0),
    amountMinor: p.bigint('number').default(0),
    donors: p.integer().default(0),
    largestMinor: p.bigint('number').default(0),
  },
});
export type DonationDay = InferEntity<typeof DonationDaySchema>;

/** Donations per Addis Ababa day by the share channel their donors came through: which share brought money. */
export const DonationChannelDaySchema = defineEntity({
  name: 'DonationChannelDay',
  tableName: 'donation_channel_day',
  uniques: [{ properties: ['fundraiser', 'day', 'channel', 'currency'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    day: p.string().length(10),
    channel: p.enum(visitChannels),
    currency: p.enum(currencies),
    donations: p.integer().default(0),
    amountMinor: p.bigint('number').default(0),
  },
});
export type DonationChannelDay = InferEntity<typeof DonationChannelDaySchema>;

/** Donations per Addis Ababa day by how they were paid, for the platform's report. */
export const DonationMethodDaySchema = defineEntity({
  name: 'DonationMethodDay',
  tableName: 'donation_method_day',
  uniques: [{ properties: ['fundraiser', 'day', 'method', 'currency'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    day: p.string().length(10),
    /** The payment method, or NONE for a donation settled without one (demo data). */
    method: p.string().length(20),
    currency: p.enum(currencies),
    donations: p.integer().default(0),
    amountMinor: p.bigint('number').default(0),
  },
});
export type DonationMethodDay = InferEntity<typeof DonationMethodDaySchema>;
