import { route } from '../../kernel/http/index.ts';
import { currentUser } from '../accounts/index.ts';
import { captchaQuery, type Captcha } from '../captcha/index.ts';
import { flagRequest, flagResponse } from './flag.schemas.ts';
import type { FlagService } from './flag.service.ts';

export function flagRoutes(deps: { flags: FlagService; captcha: Captcha }) {
  return [
    route({
      method: 'post',
      path: '/api/flags',
      tag: 'flags',
      summary: 'Report a comment or a fundraiser to the moderators, signed in or not; a repeated report by the same reporter counts once',
      query: captchaQuery,
      body: flagRequest,
      response: flagResponse,
      status: 202,
      handler: async ({ body, ctx }) => {
        await deps.captcha.require(ctx, 'report');
        await deps.flags.report(ctx.state.em, body, { user: await currentUser(ctx), ip: ctx.state.clientIp });
        return { accepted: true as const };
      },
    }),
  ];
}
