import { z } from 'zod';
import { captchaTokenParam } from '../captcha/index.ts';
import { paymentMethods } from '../donations/index.ts';

export const generateReceiptRequest = z.strictObject({
  transactionId: z.string().trim().min(1).max(255),
  paymentMethod: z.enum(paymentMethods),
});

export const generateReceiptResponse = z.object({ receiptId: z.string() });

export const receiptParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/) });

export const receiptPdfQuery = z.object({ captchaToken: captchaTokenParam });

export type GenerateReceiptView = z.output<typeof generateReceiptResponse>;
