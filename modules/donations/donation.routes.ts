import { route, type AppContext, type Language } from '../../kernel/http/index.ts';
import { currentUser } from '../accounts/index.ts';
import { captchaQuery, type Captcha } from '../captcha/index.ts';
import type { Donation } from './donation.entity.ts';
import { createDonationRequest, donationPage, donationResponse, donationsQuery, fundraiserParams, type CreateDonationRequest } from './donation.schemas.ts';
import { createDonation, donationView, listSucceeded, type DonationLimits, type DonorActor } from './donation.service.ts';

/** Who this request is, as far as donations go (see assertDonor). */
export function donorActor(ctx: AppContext): DonorActor {
  const session = ctx.state.session?.current ?? null;
  return { sessionId: session?.id ?? null, userId: session?.userId ?? null };
}

/**
 * Creates a donation for this request's browser, bound to its session (a visitor without one
 * gets one now) and to its signed-in donor: the API call and the donate page's plain form alike.
 */
export async function startDonation(ctx: AppContext, input: CreateDonationRequest, options: { language: Language; limits: DonationLimits }): Promise<Donation> {
  const session = ctx.state.session.current ?? (await ctx.state.session.start({ userId: null }));
  return createDonation(ctx.state.em, input, { donor: await currentUser(ctx), creatorSession: session.id, language: options.language, limits: options.limits });
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
