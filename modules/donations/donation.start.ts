import type { EntityManager } from '@mikro-orm/core';
import { ValidationFailed, type AppContext, type Language } from '../../kernel/http/index.ts';
import { currentUser, type User } from '../accounts/index.ts';
import { channelOf, lockedFundraiser } from '../fundraisers/index.ts';
import { toMinor, wholeToMinor, type Currency } from '../money/index.ts';
import { consume, record } from '../rate-limits/index.ts';
import { resolveReferral } from '../teams/index.ts';
import { DonationSchema, type Donation } from './donation.entity.ts';
import { FundraiserNotAccepting } from './donation.errors.ts';
import type { CreateDonationRequest } from './donation.schemas.ts';
import type { DonorActor } from './donation.service.ts';

/** The smallest donation: one whole unit of the currency (a dollar, a birr). */
const minimumDonationMinor = (currency: Currency): number => wholeToMinor(1, currency);

/**
 * The largest single donation in whole units of each currency, and how many donations one
 * client address and one browser session may start in `startWindowMs` (startDonation).
 */
export interface DonationLimits {
  largest: Record<Currency, number>;
  starts: { perAddress: number; perSession: number };
}

const startWindowMs = 10 * 60_000;

/** Who this request is, as far as donations go (see assertDonor). */
export function donorActor(ctx: AppContext): DonorActor {
  const session = ctx.state.session?.current ?? null;
  return { sessionId: session?.id ?? null, userId: session?.userId ?? null };
}

/**
 * Creates a donation for this request's browser, bound to its session (a visitor without one
 * gets one now) and to its signed-in donor: the API call and the donate page's plain form alike.
 *
 * Refused with 429 and Retry-After past the limits' `starts` (DONATIONS_PER_ADDRESS and
 * DONATIONS_PER_SESSION): a person gives once or twice and may retry a few times; a family or
 * an office behind one router, or donors behind a carrier's shared address during a viral
 * appeal, stay under the address's bound, while a script that starts a donation (and a
 * session) per call stops at it. A client without a cookie gets a new session every call, so
 * the address is the bound that holds. Both are taken before anything is written: an
 * attempt refused for its input counts too, which a person filling the form never comes near.
 */
export async function startDonation(ctx: AppContext, input: CreateDonationRequest, options: { language: Language; limits: DonationLimits }): Promise<Donation> {
  const em = ctx.state.em;
  const { perAddress, perSession } = options.limits.starts;
  const address = `donation:ip:${ctx.ip}`;
  const sessionBucket = (id: string) => `donation:session:${id}`;
  const existing = ctx.state.session.current;
  const bySession = { limit: perSession, windowMs: startWindowMs };
  // Taken before anything is written, each in one atomic step, so a burst at once cannot pass a full bucket.
  if (existing) await consume(em, sessionBucket(existing.id), bySession);
  await consume(em, address, { limit: perAddress, windowMs: startWindowMs });
  const session = existing ?? (await ctx.state.session.start({ userId: null }));
  if (!existing) await record(em, sessionBucket(session.id), bySession);
  return createDonation(em, input, { donor: await currentUser(ctx), creatorSession: session.id, language: options.language, limits: options.limits });
}

/**
 * A PENDING donation to an ACTIVE fundraiser, in its currency, within the limits. The
 * fundraiser's row is locked while the donation is written, so that a change of its currency
 * (which takes the same lock and refuses once any donation exists) is either before, and
 * this donation is in the new currency, or after, and refused. `language` is the donor's,
 * kept with the donation for the receipt mail.
 */
async function createDonation(
  em: EntityManager,
  input: CreateDonationRequest,
  context: { donor: User | null; creatorSession: string; language: Language; limits: DonationLimits },
): Promise<Donation> {
  return em.transactional(async (tx) => {
    const f = await lockedFundraiser(tx, input.fundraiserId);
    if (!f || f.status === 'SUSPENDED') throw new ValidationFailed({ fundraiserId: { code: 'field.fundraiser_unknown' } });
    if (f.status !== 'ACTIVE') throw new FundraiserNotAccepting();
    if (input.currency !== undefined && input.currency !== f.currency) {
      throw new ValidationFailed({ currency: { code: 'field.currency_mismatch', params: { currency: f.currency } } });
    }
    const currency: Currency = f.currency;
    const amountMinor = toMinor(input.amount, currency)!;
    const max = context.limits.largest[currency];
    if (amountMinor < minimumDonationMinor(currency)) throw new ValidationFailed({ amount: { code: 'field.donation_min', params: { currency } } });
    if (amountMinor > wholeToMinor(max, currency)) throw new ValidationFailed({ amount: { code: 'field.too_big', params: { max: max.toLocaleString('en-US') } } });
    const referralMember = input.ref ? await resolveReferral(tx, f.id, input.ref) : null;
    const donation = tx.create(DonationSchema, {
      fundraiser: f,
      referralMember,
      donor: context.donor,
      creatorSession: context.creatorSession,
      amountMinor,
      currency,
      message: input.message ?? null,
      showAmount: input.showAmount,
      channel: channelOf(input.channel),
      mayContact: input.mayContact,
      donorName: input.donorName ?? null,
      donorEmail: input.donorEmail,
      status: 'PENDING',
      paymentMethod: null,
      language: context.language,
      succeededAt: null,
    });
    await tx.flush();
    return donation;
  });
}
