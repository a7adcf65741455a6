import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { assertDonor, choosePaymentMethod, DonationSettled, findDonation, FundraiserNotAccepting, pastLifetime, type DonationStatus, type PaymentMethod } from '../donations/index.ts';
import { fundraiserStatus } from '../fundraisers/index.ts';
import { PaymentSchema, type Payment } from './payment.entity.ts';
import type { StartRequest } from './payment.provider.ts';
import type { PaymentStartView } from './payment.schemas.ts';
import type { PaymentService } from './payment.service.ts';
import { atProvider, providerFor, type PaymentDependencies } from './payment.shared.ts';

/** Where Chapa calls once a donor has paid (payment.routes.ts). */
export const chapaCallbackPath = '/api/payments/callbacks/chapa';

const localePrefix = (language: 'en' | 'am') => (language === 'en' ? '' : `/${language}`);

/** Donations a payment may still be started (or restarted) for: a declined card may try again. */
const payable: readonly DonationStatus[] = ['PENDING', 'FAILED'];
const paymentMethodsInOrder: readonly PaymentMethod[] = ['STRIPE', 'PAYPAL', 'CHAPA'];

/** Starting a payment: the methods offered, and a payment of a donation with one of them. */
export function createPaymentStart(deps: PaymentDependencies): Pick<PaymentService, 'methods' | 'start'> {
  const { providers } = deps;

  function startView(payment: Payment): PaymentStartView {
    const provider = providers[payment.method];
    const redirect = payment.redirectUrl ?? null;
    return {
      donationId: payment.donation.id,
      paymentMethod: payment.method,
      paymentIntentId: payment.providerRef,
      sandbox: payment.sandbox,
      clientSecret: payment.clientSecret ?? null,
      publishableKey: payment.method === 'STRIPE' && !payment.sandbox ? (provider?.publishableKey ?? null) : null,
      approvalUrl: !payment.sandbox && payment.method === 'PAYPAL' ? redirect : null,
      checkoutUrl: payment.sandbox || payment.method === 'CHAPA' ? redirect : null,
    };
  }

  return {
    methods() {
      return paymentMethodsInOrder.flatMap((method) => {
        const provider = providers[method];
        return provider ? [{ method, sandbox: provider.sandbox }] : [];
      });
    },

    async start(em, donationId, method, actor, options = {}) {
      const donation = await findDonation(em, donationId);
      assertDonor(donation, actor);
      const provider = providerFor(deps, method);
      // Asking again returns the same payment, also once paid (a reload of the page); one
      // that ended unpaid takes no more attempts: the donor starts a new donation.
      // Past its lifetime a donation is left to expire (and, never paid, to be deleted): no new payment.
      if (donation.status === 'CANCELLED' || donation.status === 'EXPIRED' || (donation.status === 'PENDING' && pastLifetime(donation))) throw new DonationSettled();
      const existing = await em.findOne(PaymentSchema, { donation: donationId, method });
      if (existing && donation.status !== 'PENDING' && donation.status !== 'FAILED') return startView(existing);
      // Nothing more is paid to a fundraiser that has closed, paused or been suspended since
      // the donation began; the same holds for a payment started before, which could still be paid.
      if ((await fundraiserStatus(em, donation.fundraiser.id)) !== 'ACTIVE') throw new FundraiserNotAccepting();
      if (existing) return startView(existing);
      if (!payable.includes(donation.status)) throw new DonationSettled();
      const request: StartRequest = {
        donationId,
        amountMinor: donation.amountMinor,
        currency: donation.currency,
        description: `Donation #${donation.id}`,
        // Back to the donor's own language: the provider's page is where they left ours.
        returnUrl: `${deps.publicUrl}${localePrefix(donation.language)}/donation/success`,
        cancelUrl: `${deps.publicUrl}${localePrefix(donation.language)}/donation/cancel`,
        callbackUrl: `${deps.publicUrl}${chapaCallbackPath}`,
        donor: { email: donation.donorEmail, name: donation.donorName ?? null, phoneNumber: options.phoneNumber || null },
      };
      const started = await atProvider(deps, provider, () => provider.start(request), { message: 'payment provider refused to start a payment', donationId });
      try {
        // The donation's row is taken first: the payment's insert would otherwise share a lock
        // on it (its foreign key) with a racing start's, and both then wait on the other (a MySQL deadlock).
        const payment = await em.transactional(async (tx) => {
          await choosePaymentMethod(tx, donationId, method);
          const row = tx.create(PaymentSchema, {
            donation: donationId,
            method,
            sandbox: provider.sandbox,
            providerRef: started.providerRef,
            status: 'STARTED',
            clientSecret: started.clientSecret,
            redirectUrl: started.redirectUrl,
            transactionId: null,
            channel: null,
            sandboxOutcome: null,
          });
          await tx.flush();
          return row;
        });
        return startView(payment);
      } catch (error) {
        // Two tabs asked at once: the provider answered both with the same payment (the
        // donation is its idempotency key) and the first row written stands.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        const fork = em.fork();
        return startView(await fork.findOneOrFail(PaymentSchema, { donation: donationId, method }));
      }
    },
  };
}
