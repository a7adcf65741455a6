import { z } from 'zod';
import { captchaTokenParam } from '../captcha/index.ts';
import { donationStatuses, paymentMethods } from '../donations/index.ts';
import { sandboxChannels, sandboxOutcomes } from './payment.entity.ts';

/**
 * An Ethiopian mobile number as Chapa takes it (09… or 07…, ten digits); +251 and spaces are
 * read too, so the donor may type it as they are used to.
 */
export const ethiopianPhone = z
  .string()
  .trim()
  .max(20)
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^(?:\+|00)?251(?=[79])/, '0'))
  .refine((value) => /^0[79]\d{8}$/.test(value), { params: { message: 'field.phone_ethiopian' } });

export const startPaymentRequest = z.strictObject({
  donationId: z.number().int().positive(),
  paymentMethod: z.enum(paymentMethods),
  /** Chapa only, optional: prefills the donor's telebirr or M-Pesa number on Chapa's page. Never stored. */
  phoneNumber: z.union([z.literal(''), ethiopianPhone]).optional(),
});

export const startPaymentResponse = z.object({
  donationId: z.number(),
  paymentMethod: z.enum(paymentMethods),
  /** The payment's `providerRef` under the API's name, whatever the provider: Stripe's PaymentIntent id, PayPal's order id, Chapa's tx_ref. What confirm-payment takes. */
  paymentIntentId: z.string(),
  /** True when no provider keys are set and the sandbox's test checkout stands in. */
  sandbox: z.boolean(),
  /** Stripe: for the Payment Element on our page. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  /** PayPal: where the donor approves the order. */
  approvalUrl: z.string().nullable(),
  /** Chapa's hosted checkout page (telebirr, CBE Birr, M-Pesa, banks), or the sandbox's clearly labelled test checkout page (a path on this site). */
  checkoutUrl: z.string().nullable(),
});

/** A way to pay as the donate page offers it. */
const paymentMethodResponse = z.object({ method: z.enum(paymentMethods), sandbox: z.boolean() });

export const paymentMethodsResponse = z.object({ methods: z.array(paymentMethodResponse) });

export const confirmQuery = z.object({
  paymentIntentId: z.string().trim().min(1).max(255),
  captchaToken: captchaTokenParam,
});

export const paymentResultResponse = z.object({
  donationId: z.number(),
  paymentIntentId: z.string(),
  paymentMethod: z.enum(paymentMethods),
  status: z.enum(donationStatuses),
  transactionId: z.string().nullable(),
  /** How the donor paid within the method, as the provider names it (Chapa: `telebirr`, `cbebirr`, `mpesa`, a bank); null for a card or PayPal. */
  channel: z.string().nullable(),
});

export const sandboxParams = z.object({ paymentIntentId: z.string().min(1).max(255) });
export const sandboxCompleteRequest = z.strictObject({
  outcome: z.enum(sandboxOutcomes),
  /** Chapa's sandbox: the wallet or bank the test donor pretends to pay with, for the receipt. */
  channel: z.enum(sandboxChannels).optional(),
});

export const webhookParams = z.object({ provider: z.enum(['stripe', 'paypal', 'chapa']) });
/** Chapa's callback names the transaction (and says a status, which is not believed). */
export const chapaCallbackQuery = z.object({ trx_ref: z.string().trim().min(1).max(255) });
export const webhookResponse = z.object({ received: z.literal(true) });

export type PaymentStartView = z.output<typeof startPaymentResponse>;
export type PaymentResultView = z.output<typeof paymentResultResponse>;
export type PaymentMethodView = z.output<typeof paymentMethodResponse>;
export type PaymentMethodsView = z.output<typeof paymentMethodsResponse>;
