import { paymentCaptureSchema, paymentCreateSchema } from '@shop/shared';
import { body, v2 } from '../../lib/endpoint';
import { capturePayment, createPayment } from '../../services/payments';
import { handlePayPalWebhook } from '../../services/paypal-webhook';

export const paymentEndpoints = [
  v2('post', '/payments/create', async (req) => ({
    result: await createPayment(req.payload, await body(req, paymentCreateSchema)),
    status: 201,
  })),
  v2('post', '/payments/capture', async (req) => {
    const { httpStatus, ...result } = await capturePayment(req.payload, await body(req, paymentCaptureSchema), {
      mailsAfterReply: true,
    });
    return { result, status: httpStatus };
  }),
  v2('post', '/payments/webhook', async (req) => {
    const raw = req.text ? await req.text() : '';
    return { result: await handlePayPalWebhook(req.payload, req.headers, raw) };
  }),
];
