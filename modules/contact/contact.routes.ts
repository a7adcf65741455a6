import { route } from '../../kernel/http/index.ts';
import { contactRequest, contactResponse } from './contact.schemas.ts';
import type { ContactService } from './contact.service.ts';

export function contactRoutes(contact: ContactService) {
  return [
    route({
      method: 'post',
      path: '/api/email/contact-us',
      tag: 'contact',
      summary: 'Send a message to the support team',
      body: contactRequest,
      response: contactResponse,
      status: 201,
      handler: async ({ body, ctx }) => {
        const { id } = await contact.submit(ctx.state.em, body, { ip: ctx.state.clientIp, lang: ctx.state.lang });
        return { id, received: true };
      },
    }),
  ];
}
