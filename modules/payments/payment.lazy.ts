import type { PaymentMethod } from '../donations/index.ts';
import type { PaymentProvider } from './payment.provider.ts';
import type { PaypalOptions } from './paypal.provider.ts';
import type { StripeProviderOptions } from './stripe.provider.ts';

/**
 * Stripe's and PayPal's providers, each imported with its SDK on its first call. The SDKs
 * take a third of a second to import together: a start-up need not wait for that, and a
 * process that never takes a payment (a job, a script, an install on the sandbox) never pays it.
 */
export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  return onFirstCall('STRIPE', options.publishableKey, async () => (await import('./stripe.provider.ts')).stripeProvider(options));
}

export function paypalProvider(options: PaypalOptions): PaymentProvider {
  return onFirstCall('PAYPAL', null, async () => (await import('./paypal.provider.ts')).paypalProvider(options));
}

function onFirstCall(method: PaymentMethod, publishableKey: string | null, load: () => Promise<PaymentProvider>): PaymentProvider {
  let loading: Promise<PaymentProvider> | undefined;
  const provider = () => (loading ??= load());
  return {
    method,
    sandbox: false,
    publishableKey,
    start: async (request) => (await provider()).start(request),
    outcome: async (payment) => (await provider()).outcome(payment),
    refund: async (request) => (await provider()).refund(request),
    // Both real providers take webhooks; the route tells them from the sandbox by this method.
    webhook: async (request) => (await (await provider()).webhook?.(request)) ?? null,
  };
}
