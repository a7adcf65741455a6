import { route, type AppContext, type Language } from '../../kernel/http/index.ts';
import { currentUser } from '../accounts/index.ts';
import { captchaQuery, type Captcha } from '../captcha/index.ts';
import { consume, record } from '../rate-limits/index.ts';
import type { Donation } from './donation.entity.ts';
import { createDonationRequest, donationPage, donationResponse, donationsQuery, fundraiserParams, type CreateDonationRequest } from './donation.schemas.ts';
import { createDonation, donationView, listSucceeded, startWindowMs, type DonationLimits, type DonorActor } from './donation.service.ts';

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

export function donationRoutes(deps: { captcha: Captcha; limits: DonationLimits }) {
  const tag = 'donations';
  return [
    route({
      method: 'post',
      path: '/api/donations',
      tag,
      summary: 'Start a donation (PENDING until paid), bound to this browser session and to a signed-in donor; only they may pay it',
      query: captchaQuery,
      body: createDonationRequest,
      response: donationResponse,
      status: 201,
      handler: async ({ body, ctx }) => {
        await deps.captcha.require(ctx, 'donate');
        return donationView(await startDonation(ctx, body, { language: ctx.state.lang, limits: deps.limits }));
      },
    }),
    route({
      method: 'get',
      path: '/api/donations/:fundraiserId',
      tag,
      // The same names, amounts and messages the fundraiser page shows to everybody, so the
      // bot check is not demanded here (the page is rendered on the server, without a token).
      summary: "A fundraiser's succeeded donations, newest first: name (or Anonymous), amount, message; never an e-mail address",
      params: fundraiserParams,
      query: donationsQuery,
      response: donationPage,
      handler: async ({ params, query, ctx }) => listSucceeded(ctx.state.em, params.fundraiserId, query),
    }),
  ];
}
