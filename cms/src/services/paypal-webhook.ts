import type { Payload } from 'payload';
import { z } from 'zod';
import { badRequest } from '../lib/app-error';
import { completeFromWebhook } from './payments';
import { paypal, paypalSettings } from './paypal/instance';

const eventSchema = z.looseObject({
  id: z.string().max(100),
  event_type: z.string().max(100),
  resource: z.looseObject({
    id: z.string().max(100).optional(),
    status: z.string().max(40).optional(),
    supplementary_data: z
      .looseObject({ related_ids: z.looseObject({ order_id: z.string().max(64).optional() }) })
      .optional(),
  }),
});

const HEADER_NAMES = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * PayPal webhooks. The signature is checked by PayPal's own verify-webhook-signature call before anything
 * else; a failed check changes nothing and answers 400.
 */
export async function handlePayPalWebhook(
  payload: Payload,
  headers: Headers,
  rawBody: string,
): Promise<{ received: true; order: string | null }> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('Body must be valid JSON');
  }
  const event = eventSchema.parse(json);
  const signature = Object.fromEntries(
    Object.entries(HEADER_NAMES).map(([key, header]) => [key, headers.get(header) ?? '']),
  ) as Record<keyof typeof HEADER_NAMES, string>;
  if (Object.values(signature).some((v) => !v)) throw badRequest('Missing PayPal signature headers');
  const webhookId = paypalSettings().webhookId;
  if (!webhookId) throw badRequest('Webhooks are not configured (PAYPAL_WEBHOOK_ID)');
  const verdict = await paypal().verifyWebhookSignature({ ...signature, webhook_id: webhookId, webhook_event: json });
  if (verdict !== 'SUCCESS') throw badRequest('Invalid webhook signature');

  if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return { received: true, order: null };
  const orderId = event.resource.supplementary_data?.related_ids?.order_id;
  if (!orderId) throw badRequest('The capture names no order');
  const { order } = await completeFromWebhook(payload, orderId);
  return { received: true, order };
}
