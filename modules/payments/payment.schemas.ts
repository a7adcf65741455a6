import { z } from 'zod';
import { captchaTokenParam } from '../captcha/index.ts';
import { donationStatuses, paymentMethods } from '../donations/index.ts';
import { sandboxOutcomes } from './payment.entity.ts';

export const startPaymentRequest = z.strictObject({
  donationId: z.number().int().positive(),
  paymentMethod: z.enum(paymentMethods),
});

export const startPaymentResponse = z.object({
  donationId: z.number(),
  paymentMethod: z.enum(paymentMethods),
  /** The PaymentIntent id (Stripe) or order id (PayPal): what confirm-payment takes. */
  paymentIntentId: z.string(),
  /** True when no provider keys are set and the sandbox's test checkout stands in. */
  sandbox: z.boolean(),
  /** Stripe: for the Payment Element on our page. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  /** PayPal: where the donor approves the order. */
  approvalUrl: z.string().nullable(),
  /** Sandbox: our clearly labelled test checkout page. */
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
});

export const sandboxParams = z.object({ paymentIntentId: z.string().min(1).max(255) });
export const sandboxCompleteRequest = z.strictObject({ outcome: z.enum(sandboxOutcomes) });

export const webhookParams = z.object({ provider: z.enum(['stripe', 'paypal']) });
export const webhookResponse = z.object({ received: z.literal(true) });

export type PaymentStartView = z.output<typeof startPaymentResponse>;
export type PaymentResultView = z.output<typeof paymentResultResponse>;
export type PaymentMethodView = z.output<typeof paymentMethodResponse>;
export type PaymentMethodsView = z.output<typeof paymentMethodsResponse>;
