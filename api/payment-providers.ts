import { paypalProvider, sandboxProvider, stripeProvider, type PaymentProvider } from '../modules/payments/index.ts';
import { ConfigError, type Config } from './config.ts';

/**
 * The provider behind each payment method: the real one when its keys are set, the sandbox
 * otherwise (design: a fresh install is a complete product).
 */
export function paymentProviders(config: Config): Record<'STRIPE' | 'PAYPAL', PaymentProvider> {
  return { STRIPE: stripe(config), PAYPAL: paypal(config) };
}

function stripe(config: Config): PaymentProvider {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = config;
  if (!secretKey && !publishableKey) return sandboxProvider('STRIPE');
  // Half a configuration must not quietly fall back to the sandbox, whose checkout lets anyone mark a payment paid.
  if (!secretKey || !publishableKey) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: set both, or neither for the sandbox');
  }
  return stripeProvider({ secretKey, publishableKey, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE });
}

function paypal(config: Config): PaymentProvider {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = config;
  if (!clientId && !clientSecret) return sandboxProvider('PAYPAL');
  if (!clientId || !clientSecret) {
    throw new ConfigError('Invalid configuration:\n  PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both, or neither for the sandbox');
  }
  return paypalProvider({ clientId, clientSecret, webhookId: config.PAYPAL_WEBHOOK_ID, environment: config.PAYPAL_ENV, apiBase: config.PAYPAL_API_BASE });
}
