import type { AppContext, AppMiddleware } from '../../kernel/http/index.ts';
import { AppError, parseOrThrow, ValidationFailed } from '../../kernel/http/index.ts';
import { createDonationRequest, donorActor, paymentMethods, startDonation, type DonationLimits } from '../donations/index.ts';
import { startPaymentRequest } from './payment.schemas.ts';
import type { PaymentService } from './payment.service.ts';

const formPath = /^(?:\/(am))?\/donate\/(\d{1,9})\/?$/;

/** A post of the donate page's plain form: it needs the session middleware, as the API does. */
export const isDonateFormPost = (ctx: AppContext): boolean => ctx.method === 'POST' && formPath.test(ctx.path);
const formLimitBytes = 16 * 1024;
const phoneField = startPaymentRequest.pick({ phoneNumber: true });

/**
 * The donate page as a plain HTML form: posted before its script has run, or with scripts off,
 * it creates the donation and sends the donor on to the checkout, as the script would. Only
 * rails that work by redirect can be reached this way (PayPal, Chapa, the sandbox); a card needs the
 * payment field on our page, which needs the script. Errors come back to the page as
 * `?problem=<code>` (and `&fields=` for the fields to correct), which it shows in words.
 */
export function donateForm(deps: { payments: PaymentService; limits: DonationLimits; publicUrl: string }): AppMiddleware {
  const publicOrigin = new URL(deps.publicUrl).origin;
  return async (ctx, next) => {
    const match = ctx.method === 'POST' ? formPath.exec(ctx.path) : null;
    if (!match) return next();
    const prefix = match[1] ? `/${match[1]}` : '';
    // The page's own language, as the script would have sent it: the donor's, for the receipt.
    const language = match[1] === 'am' ? 'am' : 'en';
    const fundraiserId = Number(match[2]);
    const back = (query: Record<string, string>) => ctx.redirect(`${prefix}/donate/${fundraiserId}?${new URLSearchParams(query)}`);
    ctx.status = 303;
    try {
      refuseOtherOrigins(ctx, publicOrigin);
      const form = new URLSearchParams(await readForm(ctx));
      const method = paymentMethods.find((m) => m === form.get('paymentMethod')) ?? 'STRIPE';
      const { phoneNumber } = parseOrThrow(phoneField, { phoneNumber: method === 'CHAPA' ? (form.get('phoneNumber') ?? '') : '' });
      const input = parseOrThrow(
        createDonationRequest,
        {
          fundraiserId,
          amount: form.get('amount')?.trim() || form.get('preset') || '',
          message: form.get('message') ?? '',
          showAmount: form.has('showAmount'),
          donorName: form.has('anonymous') ? '' : (form.get('donorName') ?? ''),
          donorEmail: form.get('donorEmail') ?? '',
          ref: form.get('ref') ?? undefined,
          channel: form.get('s') ?? undefined,
          mayContact: form.has('mayContact'),
        },
      );
      const provider = deps.payments.providers[method];
      if (provider && !provider.sandbox && method === 'STRIPE') return back({ problem: 'card_needs_script' });
      const donation = await startDonation(ctx, input, { language, limits: deps.limits });
      const started = await deps.payments.start(ctx.state.em, donation.id, method, donorActor(ctx), { phoneNumber });
      const checkout = started.checkoutUrl?.startsWith('/') ? `${prefix}${started.checkoutUrl}` : started.checkoutUrl;
      const to = checkout ?? started.approvalUrl;
      if (!to) return back({ problem: 'card_needs_script' });
      ctx.redirect(to);
    } catch (error) {
      if (error instanceof ValidationFailed) return back({ problem: 'validation_failed', fields: Object.keys(error.fields ?? {}).join(',') });
      if (error instanceof AppError && error.status < 500) return back({ problem: error.code });
      throw error;
    }
  };
}

/** A form posted from another site is not ours to act on (cookies are SameSite=Lax as well). */
function refuseOtherOrigins(ctx: AppContext, publicOrigin: string): void {
  const origin = ctx.get('Origin');
  if (origin && origin !== 'null' && origin !== publicOrigin && origin !== `${ctx.protocol}://${ctx.host}`) throw new AppError(403, 'xsrf_failed');
}

async function readForm(ctx: AppContext): Promise<string> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw new AppError(415, 'unsupported_media_type');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > formLimitBytes) throw new AppError(413, 'payload_too_large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
