import { route } from '../../kernel/http/index.ts';
import { captchaQuery, type Captcha } from '../captcha/index.ts';
import { donorActor } from '../donations/index.ts';
import { generateReceiptRequest, generateReceiptResponse, receiptParams, receiptPdfQuery } from './receipt.schemas.ts';
import { generateReceipt, receiptPdf } from './receipt.service.ts';

export function receiptRoutes(deps: { captcha: Captcha }) {
  const tag = 'receipts';
  return [
    route({
      method: 'post',
      path: '/api/receipts/generate',
      tag,
      summary: 'The receipt id of a succeeded payment, by its transaction id (404 otherwise); only for whoever made the donation (403)',
      query: captchaQuery,
      body: generateReceiptRequest,
      response: generateReceiptResponse,
      handler: async ({ body, ctx }) => {
        await deps.captcha.require(ctx, 'receipt');
        return { receiptId: await generateReceipt(ctx.state.em, body.transactionId, body.paymentMethod, donorActor(ctx)) };
      },
    }),
    route({
      method: 'get',
      path: '/api/receipts/pdf/:id',
      tag,
      summary: 'A receipt as a PDF (Receipt-<id>.pdf), in the language of Accept-Language',
      params: receiptParams,
      query: receiptPdfQuery,
      handler: async ({ params, ctx }) => {
        const file = await receiptPdf(ctx.state.em, params.id, ctx.state.lang);
        ctx.type = 'application/pdf';
        ctx.attachment(file.filename);
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = file.pdf;
        return undefined;
      },
    }),
  ];
}
