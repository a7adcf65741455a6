import { route } from '../../api/http/index.ts';
import { currentUser } from '../accounts/index.ts';
import { captchaQuery, type Captcha } from '../captcha/index.ts';
import { createDonationRequest, donationPage, donationResponse, donationsQuery, fundraiserParams } from './donation.schemas.ts';
import { createDonation, donationView, listSucceeded, type DonationLimits } from './donation.service.ts';

export function donationRoutes(deps: { captcha: Captcha; limits: DonationLimits }) {
  const tag = 'donations';
  return [
    route({
      method: 'post',
      path: '/api/donations',
      tag,
      summary: 'Start a donation (PENDING until paid); a signed-in donor is linked to it',
      query: captchaQuery,
      body: createDonationRequest,
      response: donationResponse,
      status: 201,
      handler: async ({ body, ctx }) => {
        await deps.captcha.require(ctx, 'donate');
        const donation = await createDonation(ctx.state.em, body, { donor: await currentUser(ctx), lang: ctx.state.lang, limits: deps.limits });
        return donationView(donation);
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
