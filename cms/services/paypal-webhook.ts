import { createHash } from 'node:crypto';
import type { Payload } from 'payload';
import { z } from 'zod';
import { AppError, badRequest } from '../lib/app-error';
import { captureHolder, captureNewsFromWebhook, orderOfCapture } from './capture-alerts';
import { awaitsWebhook, captureSettled, completeFromWebhook } from './payments';
import { paypal, paypalSettings } from './paypal/instance';
import { captureIdOf, isShopCapture, refundFromWebhook } from './refunds';

export const eventSchema = z.looseObject({
  id: z.string().max(100),
  event_type: z.string().max(100),
  resource: z.looseObject({
    id: z.string().max(100).optional(),
    status: z.string().max(40).optional(),
    supplementary_data: z
      .looseObject({ related_ids: z.looseObject({ order_id: z.string().max(64).optional() }) })
      .optional(),
    links: z
      .array(z.looseObject({ href: z.string().max(2000), rel: z.string().max(40) }))
      .max(20)
      .optional(),
  }),
});

/** Events about an order's capture after the payment (issue 30 §2), read back with GET the capture. */
const CAPTURE_NEWS_EVENTS = new Set(['PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.COMPLETED']);

const HEADER_NAMES = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** How far a transmission time may lie from now: PayPal retries for days, a week-old copy is a replay. */
const MAX_TRANSMISSION_AGE_MS = 4 * 24 * 60 * 60_000;
const MAX_CLOCK_SKEW_MS = 10 * 60_000;
/** PayPal's verify verdicts of recent transmissions: a replayed event costs no second verify call. */
const recentVerdicts = new Map<string, 'SUCCESS' | 'FAILURE'>();
const MAX_REMEMBERED = 1000;

/** Where PayPal's signing certificates live; anything else was not sent by PayPal (or by our emulator). */
function certUrlLooksRight(certUrl: string): boolean {
  try {
    const url = new URL(certUrl);
    if (paypalSettings().mode === 'emulator') return url.pathname.startsWith('/__paypal/');
    return url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'));
  } catch {
    return false;
  }
}

/**
 * PayPal webhooks. Everything that can be refused without asking PayPal is refused first (no signature
 * headers, a certificate not at PayPal, a stale or future transmission time, an event we do not act on, an
 * order that is not waiting for news), so a flood of forged events costs a database lookup each, not a call
 * to PayPal's verify-webhook-signature. Only then is the signature checked by PayPal; a failed check changes
 * nothing and answers 400.
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
  if (Object.values(signature).some((v) => v.length > 2000)) throw badRequest('Invalid PayPal signature headers');
  if (!certUrlLooksRight(signature.cert_url)) throw badRequest('Invalid webhook signature');
  const sentAt = Date.parse(signature.transmission_time);
  if (
    !Number.isFinite(sentAt) ||
    sentAt > Date.now() + MAX_CLOCK_SKEW_MS ||
    sentAt < Date.now() - MAX_TRANSMISSION_AGE_MS
  ) {
    throw badRequest('Invalid webhook signature');
  }
  const webhookId = paypalSettings().webhookId;
  if (!webhookId) throw badRequest('Webhooks are not configured (PAYPAL_WEBHOOK_ID)');

  // Events the shop does not act on are acknowledged unverified: acting on nothing needs no proof.
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
    const refundId = event.resource.id;
    const captureId = captureIdOf({ links: event.resource.links ?? [] });
    if (!refundId || !captureId) throw badRequest('The refund names no capture');
    // A capture this shop never made: acknowledged without asking PayPal anything.
    if (!(await isShopCapture(payload, captureId))) return { received: true, order: null };
    await verify(signature, webhookId, rawBody, json);
    // PayPal's own record of the refund is read back: the body is only a hint of which one to read.
    return { received: true, ...(await refundFromWebhook(payload, refundId)) };
  }
  // A reversal is a refund resource PayPal made on its own (its `up` link names the capture).
  if (event.event_type === 'PAYMENT.CAPTURE.REVERSED') {
    const reversalId = event.resource.id;
    const captureId = captureIdOf({ links: event.resource.links ?? [] });
    if (!reversalId || !captureId) throw badRequest('The reversal names no capture');
    const order = await orderOfCapture(payload, captureId);
    if (!order) return { received: true, order: null };
    await verify(signature, webhookId, rawBody, json);
    return {
      received: true,
      order: await captureNewsFromWebhook(payload, order, { kind: 'reversal', id: reversalId }),
    };
  }
  if (CAPTURE_NEWS_EVENTS.has(event.event_type)) {
    const captureId = event.resource.id;
    if (!captureId) throw badRequest('The event names no capture');
    const holder = await captureHolder(payload, captureId);
    // PENDING or DENIED of a checkout not yet an order is its payment's business (the capture's answer and the
    // reconciler); COMPLETED of a capture the order does not hold as pending is the order-making path below.
    const held = holder && (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED' || holder.payment_alert === 'PENDING');
    const order = held ? await orderOfCapture(payload, captureId) : null;
    if (order) {
      await verify(signature, webhookId, rawBody, json);
      return {
        received: true,
        order: await captureNewsFromWebhook(payload, order, { kind: 'capture', id: captureId }),
      };
    }
    if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return { received: true, order: null };
  }
  if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return { received: true, order: null };
  const orderId = event.resource.supplementary_data?.related_ids?.order_id;
  if (!orderId) throw badRequest('The capture names no order');
  // PayPal sends the news as soon as it captured, often while the shopper's capture in this process is still
  // writing the order: that capture finishes it, so the webhook waits for it instead of racing it to the same
  // insert (and asking PayPal again); then nothing waits for it. Another process's capture meets the unique
  // order below as before.
  await captureSettled(orderId);
  // Nothing waits for this order (unknown, or finished): acknowledge without verifying, and say nothing.
  if (!(await awaitsWebhook(payload, orderId))) return { received: true, order: null };
  await verify(signature, webhookId, rawBody, json);
  const { order } = await completeFromWebhook(payload, orderId);
  return { received: true, order };
}

/** PayPal's verdict on the signature, asked once per signed message; anything but SUCCESS is a 400. */
async function verify(
  signature: Record<keyof typeof HEADER_NAMES, string>,
  webhookId: string,
  rawBody: string,
  json: unknown,
): Promise<void> {
  // The whole signed message is the key: a forged body under a real transmission id is a new question.
  const key = createHash('sha256')
    .update(JSON.stringify([signature, rawBody]))
    .digest('hex');
  let verdict = recentVerdicts.get(key);
  if (!verdict) {
    try {
      verdict = await paypal().verifyWebhookSignature({ ...signature, webhook_id: webhookId, webhook_event: json });
    } catch {
      // PayPal retries a webhook that got a 5xx: the right answer when we could not ask whether it is real.
      throw new AppError(502, 'The payment provider did not answer');
    }
    if (recentVerdicts.size >= MAX_REMEMBERED) recentVerdicts.delete(recentVerdicts.keys().next().value!);
    recentVerdicts.set(key, verdict);
  }
  if (verdict !== 'SUCCESS') throw badRequest('Invalid webhook signature');
}
