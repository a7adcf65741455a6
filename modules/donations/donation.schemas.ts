import { z } from 'zod';
import { blankToNull, blankToUndefined, oneLine, plainText } from '../../kernel/http/index.ts';
import { captchaTokenParam } from '../captcha/index.ts';
import { pageResponse } from '../fundraisers/index.ts';
import { currencies, decimalAmount } from '../money/index.ts';
import { donationStatuses, paymentMethods } from './donation.entity.ts';

/**
 * Above any configured maximum, so that the schema only judges the form of an amount; the
 * service compares it with the maximum of the fundraiser's currency.
 */
const anyAmount = decimalAmount({ max: 1_000_000_000 });
const id = z.number().int().positive();

export const createDonationRequest = z.strictObject({
  fundraiserId: id,
  amount: anyAmount,
  message: z.preprocess(blankToNull, z.string().transform(plainText).pipe(z.string().max(1000)).nullable().optional()),
  /** Show the amount beside the message among the fundraiser's words of support; left out, it is not shown. */
  showAmount: z.boolean().default(false),
  donorName: z.preprocess(blankToNull, z.string().transform(oneLine).pipe(z.string().max(100)).nullable().optional()),
  donorEmail: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  /** Must be the fundraiser's own currency; left out, it is. */
  currency: z.preprocess(blankToUndefined, z.enum(currencies).optional()),
  /**
   * The `ref` of the link the donor came through (a team member's): credits them and their
   * team. One that names nobody raising for this fundraiser is ignored, never an error.
   */
  ref: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  /** The `?s=` of the shared address the donor arrived by; one the platform does not know counts as direct. */
  channel: z.preprocess(blankToUndefined, z.string().regex(/^[a-z]{1,20}$/).optional()),
  /** The donor lets the organisers see their e-mail address. */
  mayContact: z.boolean().default(false),
});
export type CreateDonationRequest = z.output<typeof createDonationRequest>;

export const fundraiserParams = z.object({ fundraiserId: z.coerce.number().int().positive() });

export const donationsQuery = z.object({
  captchaToken: captchaTokenParam,
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/** What the donor who made it sees. */
export const donationResponse = z.object({
  id: z.number(),
  fundraiserId: z.number(),
  amount: z.string(),
  currency: z.enum(currencies),
  message: z.string().nullable(),
  donorName: z.string().nullable(),
  /** donorName, or 'Anonymous' when empty: the name every list shows. */
  name: z.string(),
  status: z.enum(donationStatuses),
  paymentMethod: z.enum(paymentMethods).nullable(),
  createdAt: z.string(),
});

/**
 * What anybody sees on the fundraiser page: never an e-mail address, and the amount only if
 * the donor let it be shown (`showAmount`); null otherwise.
 */
export const publicDonationResponse = donationResponse
  .pick({ id: true, currency: true, message: true, name: true, createdAt: true })
  .extend({ amount: z.string().nullable() });

export const donationPage = pageResponse(publicDonationResponse);

export type DonationView = z.output<typeof donationResponse>;
export type PublicDonationView = z.output<typeof publicDonationResponse>;
