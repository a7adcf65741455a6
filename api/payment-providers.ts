import type { Logger } from 'pino';
import { chapaProvider, paypalProvider, sandboxProvider, stripeProvider, type PaymentProvider } from '../modules/payments/index.ts';
import { chapaTransfers, sandboxTransfers, type TransferRail } from '../modules/payouts/index.ts';
import { ConfigError, type Config } from './config.ts';

type Rail = 'STRIPE' | 'PAYPAL' | 'CHAPA';
type Rails = Partial<Record<Rail, PaymentProvider>>;

/**
 * The provider behind each payment method: the real one when its keys are set; otherwise the
 * labelled sandbox outside production (design: a fresh install is a complete product), and
 * nothing at all in production, where a sandbox "payment" would count in real totals.
 */
export function paymentProviders(config: Config): Rails {
  const rails: Rails = {};
  const stripe = stripeRail(config);
  const paypal = paypalRail(config);
  const chapa = chapaRail(config);
  if (stripe) rails.STRIPE = stripe;
  if (paypal) rails.PAYPAL = paypal;
  if (chapa) rails.CHAPA = chapa;
  return rails;
}

/** One line at start-up that says which rails take money, which are the sandbox and which are off. */
export function logPaymentRails(rails: Rails, logger: Logger): void {
  const state = (method: Rail) => (rails[method] ? (rails[method].sandbox ? 'sandbox (no money moves)' : 'live') : 'unavailable (no keys)');
  const summary = { STRIPE: state('STRIPE'), PAYPAL: state('PAYPAL'), CHAPA: state('CHAPA') };
  if (Object.values(rails).every((rail) => !rail)) logger.warn(summary, 'no payment rail is available: donations cannot be paid');
  else logger.info(summary, 'payment rails');
}

function stripeRail(config: Config): PaymentProvider | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = config;
  if (!secretKey && !publishableKey) return config.NODE_ENV === 'production' ? null : sandboxProvider('STRIPE');
  // Half a configuration must not quietly fall back to the sandbox, whose checkout lets anyone mark a payment paid.
  if (!secretKey || !publishableKey) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: set both, or neither for the sandbox');
  }
  return stripeProvider({ secretKey, publishableKey, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE });
}

function paypalRail(config: Config): PaymentProvider | null {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = config;
  if (!clientId && !clientSecret) return config.NODE_ENV === 'production' ? null : sandboxProvider('PAYPAL');
  if (!clientId || !clientSecret) {
    throw new ConfigError('Invalid configuration:\n  PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both, or neither for the sandbox');
  }
  return paypalProvider({ clientId, clientSecret, webhookId: config.PAYPAL_WEBHOOK_ID, environment: config.PAYPAL_ENV, apiBase: config.PAYPAL_API_BASE });
}

function chapaRail(config: Config): PaymentProvider | null {
  const { CHAPA_SECRET_KEY: secretKey } = config;
  if (!secretKey) {
    if (config.CHAPA_WEBHOOK_SECRET) throw new ConfigError('Invalid configuration:\n  CHAPA_WEBHOOK_SECRET: set CHAPA_SECRET_KEY with it, or neither for the sandbox');
    return config.NODE_ENV === 'production' ? null : sandboxProvider('CHAPA');
  }
  return chapaProvider({ secretKey, webhookSecret: config.CHAPA_WEBHOOK_SECRET, apiBase: config.CHAPA_API_BASE });
}

/** Where approved payouts of birr leave: Chapa's transfers with its key, the sandbox outside production without it, none in production without it. */
export function transferRail(config: Config): TransferRail | null {
  if (!config.CHAPA_SECRET_KEY) return config.NODE_ENV === 'production' ? null : sandboxTransfers();
  return chapaTransfers({ secretKey: config.CHAPA_SECRET_KEY, apiBase: config.CHAPA_API_BASE });
}
