import { route } from '../../kernel/http/index.ts';
import { captchaQuery, type Captcha } from '../captcha/index.ts';
import { createDonationRequest, donationPage, donationResponse, donationsQuery, fundraiserParams } from './donation.schemas.ts';
import { donationView, listSucceeded } from './donation.service.ts';
import { startDonation, type DonationLimits } from './donation.start.ts';

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
