import { NotFound, route, type AppContext } from '../../kernel/http/index.ts';
import { donorActor, paymentMethods } from '../donations/index.ts';
import { captchaQuery, type Captcha } from '../captcha/index.ts';
import { InvalidWebhook, PaymentCheckFailed, ProviderFailed, ProviderUnreachable } from './payment.errors.ts';
import {
  chapaCallbackQuery,
  confirmQuery,
  paymentMethodsResponse,
  paymentResultResponse,
  sandboxCompleteRequest,
  sandboxParams,
  startPaymentRequest,
  startPaymentResponse,
  webhookParams,
  webhookResponse,
} from './payment.schemas.ts';
import type { PaymentService } from './payment.service.ts';
import { chapaCallbackPath } from './payment.start.ts';
import { sharedCalls } from './shared-calls.ts';

/**
 * How long the callback's check of a payment answers every callback about it: anybody may call
 * it, and each check costs a verify on our key. Chapa's signed webhook and the donor's own
 * confirmation still ask at once.
 */
const callbackCheckKeptMs = 5_000;

/**
 * Asks a provider on its word (a webhook, a callback). A provider that could not say how the
 * payment stands is logged for a person and answered 503 (not answering: ask again shortly) or
 * 502 (an answer that cannot be read), never 500; nothing was recorded.
 */
async function askingProvider(ctx: AppContext, asking: Promise<unknown>): Promise<void> {
  try {
    await asking;
  } catch (error) {
    if (!(error instanceof ProviderFailed)) throw error;
    if (error.transient) {
      ctx.state.log.warn({ err: error }, 'a payment provider did not answer; nothing recorded');
      throw new ProviderUnreachable();
    }
    ctx.state.log.error({ err: error }, 'a payment provider could not say how a payment stands; nothing recorded');
    throw new PaymentCheckFailed();
  }
}

/** Where the news of a transfer out (a payout) goes: the payouts module, which asks Chapa how it stands. */
export interface TransferNewsReader {
  transferNews(em: AppContext['state']['em'], reference: string): Promise<void>;
}

export function paymentRoutes(deps: { payments: PaymentService; captcha: Captcha; transfers?: TransferNewsReader }) {
  const { payments, captcha, transfers } = deps;
  const tag = 'payments';
  const callbackChecks = sharedCalls<void>({ answersFor: callbackCheckKeptMs, failuresFor: callbackCheckKeptMs });
  return [
    route({
      method: 'get',
      path: '/api/payments/methods',
      tag,
      summary: 'The ways to pay that are live now (a sandbox only outside production), for the donate page',
      response: paymentMethodsResponse,
      handler: async () => ({ methods: payments.methods() }),
    }),
    route({
      method: 'post',
      path: '/api/payments',
      tag,
      summary: 'Start paying a donation by card (Stripe), PayPal or birr through Chapa (telebirr, CBE Birr, M-Pesa, banks); asking again returns the same payment',
      query: captchaQuery,
      body: startPaymentRequest,
      response: startPaymentResponse,
      handler: async ({ body, ctx }) => {
        await captcha.require(ctx, 'pay');
        return payments.start(ctx.state.em, body.donationId, body.paymentMethod, donorActor(ctx), { phoneNumber: body.phoneNumber });
      },
    }),
    route({
      method: 'post',
      path: '/api/confirm-payment',
      tag,
      summary: "Ask the provider how a payment stands and record it; the browser's word never marks a donation paid",
      query: confirmQuery,
      response: paymentResultResponse,
      handler: async ({ query, ctx }) => {
        await captcha.require(ctx, 'pay');
        return payments.confirm(ctx.state.em, query.paymentIntentId, donorActor(ctx));
      },
    }),
    route({
      method: 'post',
      path: '/api/sandbox/payments/:paymentIntentId/complete',
      tag,
      summary: "The sandbox's test checkout: choose how a payment ends (only for a provider without keys)",
      params: sandboxParams,
      body: sandboxCompleteRequest,
      handler: async ({ params, body, ctx }) => {
        await payments.completeSandbox(ctx.state.em, params.paymentIntentId, body.outcome, donorActor(ctx), body.channel);
        return undefined;
      },
    }),
    route({
      method: 'post',
      path: '/api/payments/webhooks/:provider',
      tag,
      summary: "Provider events (stripe, paypal, chapa, and Chapa's news of payouts): signature verified on the raw body; each event takes effect once",
      params: webhookParams,
      response: webhookResponse,
      handler: async ({ params, ctx }) => {
        const provider = payments.providers[paymentMethods.find((m) => m.toLowerCase() === params.provider)!];
        if (!provider?.webhook) throw new NotFound('route_not_found');
        const rawBody = ctx.request.rawBody;
        if (!rawBody) throw new InvalidWebhook();
        const event = await provider.webhook({ headers: ctx.headers, rawBody });
        if (event && 'transferReference' in event) {
          if (transfers) await askingProvider(ctx, transfers.transferNews(ctx.state.em, event.transferReference));
        } else if (event) await askingProvider(ctx, payments.applyEvent(ctx.state.em, { method: provider.method, ...event }));
        return { received: true };
      },
    }),
    route({
      method: 'get',
      path: chapaCallbackPath,
      tag,
      summary:
        "Chapa's callback once a donor has paid: Chapa is asked how the payment stands (the call itself proves nothing; one check answers every callback about a payment for 5 s); a browser is sent on to the page that says how the gift stands",
      query: chapaCallbackQuery,
      response: webhookResponse,
      handler: async ({ query, ctx }) => {
        if (!payments.providers.CHAPA || payments.providers.CHAPA.sandbox) throw new NotFound('route_not_found');
        const checking = callbackChecks.ask(query.trx_ref, () => payments.recheck(ctx.state.em, query.trx_ref, 'CHAPA'));
        if (ctx.accepts('json', 'html') === 'html') {
          // A person: the success page confirms the payment itself and says in words how the gift stands, whatever Chapa said here.
          await checking.catch((error: unknown) => ctx.state.log.warn({ err: error }, "Chapa's callback could not check a payment; the success page asks again"));
          ctx.status = 303;
          ctx.redirect(`${ctx.state.lang === 'en' ? '' : `/${ctx.state.lang}`}/donation/success?payment_intent=${encodeURIComponent(query.trx_ref)}`);
          // The redirect is the answer; with a body set, this value is not sent.
          return { received: true };
        }
        await askingProvider(ctx, checking);
        return { received: true };
      },
    }),
  ];
}
