export { PaymentSchema, PaymentEventSchema } from './payment.entity.ts';
export type { Payment, PaymentStatus, SandboxOutcome } from './payment.entity.ts';
export { createPaymentService } from './payment.service.ts';
export { donationIdsByReference, paymentsByDonation, paymentsNeedingAttention } from './payment.admin.ts';
export type { PaymentsNeedingAttention } from './payment.admin.ts';
export { reconcilePaymentsJob } from './payment.jobs.ts';
export type { PaymentService, ReceiptMail, RefundOutcome } from './payment.service.ts';
export type { PaymentProvider, ProviderOutcome, ProviderState, StartRequest, Started, WebhookEvent, WebhookRequest } from './payment.provider.ts';
export { sandboxProvider } from './payment.sandbox.ts';
export { paypalProvider, stripeProvider } from './payment.lazy.ts';
export { paypalErrorCodes } from './paypal.errors.ts';
export { paymentRoutes } from './payment.routes.ts';
export { donateForm, isDonateFormPost } from './donate-form.ts';
export { InvalidWebhook } from './payment.errors.ts';
export { paymentMessages } from './payment.messages.ts';

import { PaymentEventSchema, PaymentSchema } from './payment.entity.ts';
export const paymentEntities = [PaymentSchema, PaymentEventSchema];
