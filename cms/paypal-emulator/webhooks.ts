/**
 * Webhooks (https://developer.paypal.com/api/rest/webhooks/ and Notifications v1 verify-webhook-signature): the
 * emulator's signature, the PAYMENT.CAPTURE.* events as PayPal sends them, and their delivery with retries.
 */
import type { Request } from 'express';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { EMULATOR_MOUNT_PATH, EMULATOR_WEBHOOK_ID } from '../services/paypal/client';
import type { PayPalCapture, PayPalRefund, PayPalWebhookEvent, PayPalWebhookHeaders } from '../services/paypal/types';
import type { EmulatorContext } from './context';
import { detail, sendError } from './errors';
import { alnum, nowIso } from './ids';
import { isObject } from './request-checks';
import {
  type EmulatedOrderRecord,
  type EmulatedWebhookEvent,
  type PendingWebhook,
  type WebhookDelivery,
  persist,
} from './state';

/** The emulator's stand-in for PayPal's RSA signing key (an HMAC key: this is no real PKI). */
const EMULATOR_WEBHOOK_KEY = 'paypal-emulator-webhook-signing-key';
export const CERT_PATH = '/certs/emulator.pem';

/**
 * PayPal signs `${transmission_id}|${transmission_time}|${webhook_id}|${crc32(raw body) as decimal}` with
 * SHA256withRSA; the emulator signs the same string with HMAC-SHA256 and returns base64.
 */
function emulatorSignature(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: string,
): string {
  const input = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8'))}`;
  return createHmac('sha256', EMULATOR_WEBHOOK_KEY).update(input).digest('base64');
}

export interface SignedWebhook {
  headers: PayPalWebhookHeaders & { 'content-type': 'application/json' };
  /** JSON.stringify(event): send exactly these bytes. */
  rawBody: string;
}

/**
 * Signs a webhook event the way the emulator delivers it, so tests can post valid, tampered (change rawBody
 * after signing) or replayed (same transmissionId / an old transmissionTime) webhooks to the shop.
 * `webhookId` is the id of the registered webhook the shop verifies against (PAYPAL_WEBHOOK_ID /
 * EMULATOR_WEBHOOK_ID); `origin` only shapes paypal-cert-url (default http://127.0.0.1).
 */
export function signEmulatorWebhook(
  event: unknown,
  webhookId: string = EMULATOR_WEBHOOK_ID,
  options: { origin?: string; transmissionId?: string; transmissionTime?: string } = {},
): SignedWebhook {
  const rawBody = JSON.stringify(event);
  const transmissionId = options.transmissionId ?? randomUUID();
  const transmissionTime = options.transmissionTime ?? new Date().toISOString();
  const origin = (options.origin ?? 'http://127.0.0.1').replace(/\/+$/, '');
  return {
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${origin}${EMULATOR_MOUNT_PATH}${CERT_PATH}`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': emulatorSignature(transmissionId, transmissionTime, webhookId, rawBody),
    },
    rawBody,
  };
}

/** A PAYMENT.CAPTURE.COMPLETED event for a capture, as PayPal sends it (resource = the capture + order id). */
export function captureCompletedEvent(
  capture: PayPalCapture,
  orderId: string,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent {
  const id = `WH-${alnum(17)}-${alnum(17)}`;
  return {
    id,
    event_version: '1.0',
    create_time: nowIso(),
    resource_type: 'capture',
    resource_version: '2.0',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: `Payment completed for ${capture.amount.currency_code === 'USD' ? '$ ' : ''}${capture.amount.value} ${capture.amount.currency_code}`,
    resource: {
      ...structuredClone(capture),
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: orderId } },
    },
    links: [
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/**
 * A PAYMENT.CAPTURE.REFUNDED event for a COMPLETED refund, as PayPal sends it: resource_type 'refund', the
 * resource the refund as GET /v2/payments/refunds/{id} returns it (its `up` link names the capture).
 */
export function captureRefundedEvent(
  refund: PayPalRefund,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent<PayPalRefund> {
  const id = `WH-${alnum(17)}-${alnum(17)}`;
  const { currency_code: cur, value } = refund.amount;
  return {
    id,
    event_version: '1.0',
    create_time: nowIso(),
    resource_type: 'refund',
    resource_version: '2.0',
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    summary: `A ${cur === 'USD' ? '$ ' : ''}${value} ${cur} capture payment was refunded`,
    resource: structuredClone(refund),
    links: [
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/**
 * PAYMENT.CAPTURE.PENDING or PAYMENT.CAPTURE.DENIED as PayPal sends it: resource_type 'capture', the capture as
 * it stands (PENDING, or DECLINED: Payments v2 has no DENIED status) with its status_details.reason and the
 * order it belongs to in supplementary_data.
 */
export function captureChangedEvent(
  eventType: 'PAYMENT.CAPTURE.PENDING' | 'PAYMENT.CAPTURE.DENIED',
  capture: PayPalCapture,
  orderId: string,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent {
  const id = `WH-${alnum(17)}-${alnum(17)}`;
  const { currency_code: cur, value } = capture.amount;
  const sum = `${cur === 'USD' ? '$ ' : ''}${value} ${cur}`;
  return {
    id,
    event_version: '1.0',
    create_time: nowIso(),
    resource_type: 'capture',
    resource_version: '2.0',
    event_type: eventType,
    summary:
      eventType === 'PAYMENT.CAPTURE.PENDING' ? `Payment pending for ${sum}` : `A ${sum} capture payment was denied`,
    resource: { ...structuredClone(capture), supplementary_data: { related_ids: { order_id: orderId } } },
    links: [
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/**
 * PAYMENT.CAPTURE.REVERSED as PayPal sends it: like PAYMENT.CAPTURE.REFUNDED, resource_type 'refund' and the
 * resource a COMPLETED refund of the capture (`up` link), which PayPal made on its own and notes "Payment
 * reversed".
 */
export function captureReversedEvent(
  reversal: PayPalRefund,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent<PayPalRefund> {
  const event = captureRefundedEvent(reversal, apiBase);
  const { currency_code: cur, value } = reversal.amount;
  return {
    ...event,
    event_type: 'PAYMENT.CAPTURE.REVERSED',
    summary: `A ${cur === 'USD' ? '$ ' : ''}${value} ${cur} capture payment was reversed`,
  };
}

/** PayPal's note on a reversal's refund resource. */
export const EMULATED_REVERSAL_NOTE = 'Payment reversed';
/** PayPal gives up on a webhook after 25 attempts. */
const MAX_WEBHOOK_ATTEMPTS = 25;
const MAX_WEBHOOK_RETRY_MS = 5 * 60_000;

/** Verify-webhook-signature, and the delivery of the webhooks the other resources queue. */
export function mountWebhooks(ctx: EmulatorContext) {
  const { router, options, state, webhookId, apiBase, requireBearer } = ctx;
  /** Queues PAYMENT.CAPTURE.REFUNDED for a refund that reached COMPLETED (the caller persists). */
  const queueRefundWebhook = (req: Request, rec: EmulatedOrderRecord, refund: PayPalRefund, delayMs: number) => {
    if (!options.webhookTarget) return;
    rec.pendingWebhooks.push({
      event: captureRefundedEvent(refund, apiBase(req)),
      attempts: 0,
      dueAt: Date.now() + delayMs,
    });
  };

  /** Queues an event a test knob raised, unless the knob said webhook: false (the caller persists). */
  const queueEvent = (req: Request, rec: EmulatedOrderRecord, event: EmulatedWebhookEvent, webhook: boolean) => {
    if (!options.webhookTarget || !webhook) return;
    rec.pendingWebhooks.push({ event, attempts: 0, dueAt: Date.now() });
  };

  // --- Notifications v1 ---------------------------------------------------------------------------------
  /*
   * Limitation: real PayPal verifies the signature over the raw bytes it delivered; this endpoint only gets the
   * parsed webhook_event back, so it recomputes over JSON.stringify(webhook_event). The emulator delivers (and
   * signEmulatorWebhook signs) exactly JSON.stringify(event), so both agree as long as the shop passes the event
   * through JSON.parse unchanged. A shop must not rely on this: against real PayPal, key order and whitespace
   * of what it sends back matter less than the raw body it received — keep verifying through this API call.
   */
  router.post('/v1/notifications/verify-webhook-signature', requireBearer, (req, res) => {
    state.verifyCalls += 1;
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ] as const;
    const missing = [...fields, 'webhook_event'].filter(
      (f) => body[f] === undefined || body[f] === null || body[f] === '',
    );
    const wrongType = fields.filter((f) => body[f] !== undefined && typeof body[f] !== 'string');
    if (missing.length || wrongType.length) {
      return sendError(res, 400, 'VALIDATION_ERROR', [
        ...missing.map((f) => detail('MISSING_REQUIRED_PARAMETER', f)),
        ...wrongType.map((f) => detail('INVALID_PARAMETER_SYNTAX', f)),
      ]);
    }
    const s = body as Record<(typeof fields)[number], string>;
    let certOk = false;
    try {
      certOk = new URL(s.cert_url).pathname.endsWith(`${EMULATOR_MOUNT_PATH}${CERT_PATH}`);
    } catch {
      certOk = false;
    }
    const expected = Buffer.from(
      emulatorSignature(s.transmission_id, s.transmission_time, s.webhook_id, JSON.stringify(body.webhook_event)),
    );
    const given = Buffer.from(s.transmission_sig);
    const sigOk = expected.length === given.length && timingSafeEqual(expected, given);
    res.json({ verification_status: s.auth_algo === 'SHA256withRSA' && certOk && sigOk ? 'SUCCESS' : 'FAILURE' });
  });

  async function deliver(event: EmulatedWebhookEvent, at: string): Promise<WebhookDelivery> {
    const target = options.webhookTarget as string;
    const { headers, rawBody } = signEmulatorWebhook(event, webhookId, { origin: at });
    const delivery: WebhookDelivery = {
      event_id: event.id,
      event_type: event.event_type,
      target,
      status: 0,
      delivered_at: nowIso(),
      event,
    };
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { ...headers, 'user-agent': 'PayPal/AUHD-214.0-58844658' },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = res.status;
      await res.body?.cancel();
    } catch (err) {
      delivery.error = err instanceof Error ? err.message : String(err);
    }
    state.webhookDeliveries.push(delivery);
    return delivery;
  }

  const inFlight = new Set<PendingWebhook>();

  /** One delivery attempt; on failure the webhook stays pending with its next attempt backed off. */
  async function attemptDelivery(rec: EmulatedOrderRecord, pending: PendingWebhook, at: string) {
    inFlight.add(pending);
    try {
      const delivery = await deliver(pending.event, at);
      pending.attempts += 1;
      const accepted = delivery.status >= 200 && delivery.status < 300;
      if (accepted || pending.attempts >= MAX_WEBHOOK_ATTEMPTS) {
        rec.pendingWebhooks = rec.pendingWebhooks.filter((p) => p !== pending);
      } else {
        const backoff = (options.webhookRetryBaseMs ?? 2000) * 2 ** (pending.attempts - 1);
        pending.dueAt = Date.now() + Math.min(backoff, MAX_WEBHOOK_RETRY_MS);
      }
      persist(rec);
      return delivery;
    } finally {
      inFlight.delete(pending);
    }
  }

  let webhookTimer: NodeJS.Timeout | null = null;
  let webhookOrigin = '';

  /** Delivers whatever is due, then sleeps until the next due webhook. */
  function scheduleWebhooks(at?: string): void {
    if (at) webhookOrigin = at;
    if (!options.webhookTarget || !webhookOrigin) return;
    if (webhookTimer) clearTimeout(webhookTimer);
    let next = Infinity;
    const now = Date.now();
    for (const rec of state.orders.values()) {
      for (const pending of rec.pendingWebhooks) {
        if (inFlight.has(pending)) continue;
        if (pending.dueAt <= now) {
          void attemptDelivery(rec, pending, webhookOrigin).finally(() => scheduleWebhooks());
        } else next = Math.min(next, pending.dueAt);
      }
    }
    webhookTimer = next === Infinity ? null : setTimeout(() => scheduleWebhooks(), Math.max(10, next - now));
    webhookTimer?.unref();
  }
  // Webhooks left pending by the previous run (the shop was down) go out once the emulator is reachable.
  if (options.webhookTarget) {
    const target = new URL(options.webhookTarget);
    webhookOrigin = target.origin;
    setTimeout(() => scheduleWebhooks(), 1000).unref();
  }

  return { scheduleWebhooks, attemptDelivery, queueEvent, queueRefundWebhook };
}
