import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '../donations/index.ts';
import type { PaymentProvider } from './payment.provider.ts';
import { ChapaCurrencyUnsupported } from './chapa.errors.ts';
import { PaypalCurrencyUnsupported } from './paypal.errors.ts';

/** Where the sandbox's labelled test checkout page lives on the site. */
export const sandboxCheckoutPath = '/donation/sandbox';

/**
 * Stands in for a provider that has no keys, so that a donation can be made end to end on a
 * fresh install. No money moves: the donor picks an outcome on our own test checkout page
 * (POST /api/sandbox/payments/{ref}/complete), and the outcome is then read back exactly as
 * a real provider's answer would be.
 */
export function sandboxProvider(method: PaymentMethod): PaymentProvider {
  return {
    method,
    sandbox: true,
    publishableKey: null,
    async start(request) {
      // As PayPal itself would: it settles no birr (paypal.errors.ts).
      if (method === 'PAYPAL' && request.currency === 'ETB') throw new PaypalCurrencyUnsupported();
      // And as Chapa is offered: for birr only (chapa.errors.ts).
      if (method === 'CHAPA' && request.currency !== 'ETB') throw new ChapaCurrencyUnsupported();
      const providerRef = `sandbox_${method.toLowerCase()}_${randomBytes(16).toString('base64url')}`;
      return { providerRef, clientSecret: null, redirectUrl: `${sandboxCheckoutPath}?payment=${providerRef}` };
    },
    async refund(request) {
      // No money moved, so none goes back; the key makes the id stable, as a provider's would be.
      return { refundId: `sandbox_refund_${request.idempotencyKey}` };
    },
    async outcome(payment) {
      switch (payment.sandboxOutcome) {
        case 'succeeded':
          // Chapa's sandbox page asks which wallet or bank the test donor pays with.
          return { state: 'succeeded', transactionId: `sandbox_txn_${payment.providerRef.slice(-16)}`, channel: payment.channel ?? null };
        case 'failed':
          return { state: 'failed', transactionId: null };
        case 'cancelled':
          return { state: 'cancelled', transactionId: null };
        default:
          return { state: 'pending', transactionId: null };
      }
    },
  };
}
