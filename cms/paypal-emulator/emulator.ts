/**
 * Local PayPal emulator: the subset of PayPal's REST API the shop uses (OAuth2 token, Orders v2 create / get /
 * capture, Payments v2 get capture / refund a capture / get refund, Notifications v1 verify-webhook-signature),
 * plus the buyer's approval (which a person gives on PayPal's pages), a JS SDK stand-in and a few test-only
 * helpers.
 *
 * It is active when no PAYPAL_CLIENT_ID is set (see resolvePayPalSettings) and is mounted by the server at
 * `/__paypal`; the shop's PayPal client talks to it over HTTP exactly as to https://api-m.sandbox.paypal.com.
 * State lives in memory in this module and, when the server gives a `stateFile`, also in an append-only
 * journal in the data folder: PayPal keeps its orders across the shop's restarts, and a restarted shop must
 * be able to ask what was captured while it was down. Not shared between processes.
 *
 * The code is split by PayPal resource, each file readable against its PayPal page: orders.ts (Orders v2),
 * payments.ts (Payments v2 captures and refunds), webhooks.ts (webhook events, signatures, delivery and
 * Notifications v1), oauth.ts (the token), sdk.ts (the JS SDK stand-in and the buyer's pages), test-knobs.ts
 * (the test-only helpers below), with state.ts, ids.ts, money.ts, errors.ts and request-checks.ts beneath them.
 * This module puts them together and is the one the shop and the tests import.
 *
 * Production code never imports this module statically: the server loads it with a dynamic import only when
 * the emulator is switched on (see cms/express-app.ts).
 *
 * Every REST route (create, get and capture an order, get a capture, refund a capture, get a refund, verify a
 * webhook) needs a bearer token from POST /v1/oauth2/token, which only the client id and the random
 * `clientSecret` the server gives (kept in its data folder, see services/paypal/emulator-credentials.ts) obtain:
 * an order id alone reads, captures and refunds nothing.
 *
 * Emulator-only routes (no bearer token, they stand for the buyer or for PayPal's back office):
 *   POST /v2/checkout/orders/{id}/approve          the buyer approves on PayPal's pages; answers the order's
 *                                                  id, status and payer id only (no names, emails, addresses)
 *   GET  /sdk/js                                   JS SDK stand-in (sdk-standin.js)
 *   GET  /checkoutnow?token={id}                   what the order's `approve` link points at
 *   GET  /certs/emulator.pem                       what webhooks' paypal-cert-url points at
 * Test helpers, only outside production and only from loopback (a request that came through a proxy is not):
 *   the approval's capture_status / capture_amount / webhook / capture_refusal knobs
 *   POST /v2/payments/captures/{id}/complete       a PENDING capture clears (fires PAYMENT.CAPTURE.COMPLETED)
 *   POST /v2/payments/captures/{id}/dashboard-refund
 *                                                  a refund made in PayPal's own dashboard (no request id);
 *                                                  body { amount?, webhook?: false, status?: 'PENDING' }
 *   POST /v2/payments/captures/{id}/refund-mode    { status: 'PENDING' | 'COMPLETED' }: the capture's next API
 *                                                  refunds come back PENDING (reason ECHECK) until set back
 *   POST /v2/payments/refunds/{id}/complete        a PENDING refund completes (fires PAYMENT.CAPTURE.REFUNDED)
 *   POST /v2/payments/captures/{id}/hold           { reason?, webhook?: false }: PayPal holds a completed capture
 *                                                  (PENDING, reason BUYER_COMPLAINT by default; fires
 *                                                  PAYMENT.CAPTURE.PENDING); /complete releases it
 *   POST /v2/payments/captures/{id}/deny           { reason?, webhook?: false }: a PENDING capture is denied
 *                                                  (status DECLINED; fires PAYMENT.CAPTURE.DENIED)
 *   POST /v2/payments/captures/{id}/reverse        { amount?, webhook?: false }: PayPal reverses the capture (a
 *                                                  chargeback): a COMPLETED refund noted "Payment reversed";
 *                                                  fires PAYMENT.CAPTURE.REVERSED
 *   (/complete, /hold, /deny, /reverse take webhook: false: the webhook is dropped, the shop must ask PayPal)
 *   POST /v2/payments/captures/{id}/refund-hold    { hold: true | false }: the capture's API refunds are made
 *                                                  (and journaled) as usual, but their answers wait until the
 *                                                  hold is lifted: a refund PayPal made whose answer is on its way
 *   GET  /__inspect/orders/{id}, /__inspect/webhooks, /__inspect/stats   (payer details left out)
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { EMULATOR_WEBHOOK_ID } from '../services/paypal/client';
import type { EmulatorSetup, PayPalEmulatorOptions } from './context';
import { detail, notFound, sendError } from './errors';
import { newDebugId } from './ids';
import { mountOAuth } from './oauth';
import { mountOrders } from './orders';
import { mountPayments } from './payments';
import { mountSdk } from './sdk';
import { emulatorState, openJournal } from './state';
import { mountTestKnobs } from './test-knobs';
import { mountWebhooks } from './webhooks';

export type { PayPalEmulatorOptions } from './context';
export {
  emulatorState,
  expireEmulatorTokens,
  getEmulatedOrder,
  resetPayPalEmulator,
  type EmulatedCaptureOutcome,
  type EmulatedOrderRecord,
  type EmulatedOrderSnapshot,
  type EmulatedRefundRequest,
  type EmulatedWebhookEvent,
  type EmulatedWebhookResource,
  type PayPalEmulatorState,
  type PendingWebhook,
  type WebhookDelivery,
} from './state';
export {
  captureChangedEvent,
  captureCompletedEvent,
  captureRefundedEvent,
  captureReversedEvent,
  EMULATED_REVERSAL_NOTE,
  signEmulatorWebhook,
  type SignedWebhook,
} from './webhooks';

/** Express 5 router implementing the emulator; mount it with `app.use('/__paypal', createPayPalEmulator(...))`. */
export function createPayPalEmulator(options: PayPalEmulatorOptions): Router {
  if (!options.clientSecret) throw new Error('createPayPalEmulator needs a clientSecret');
  const router = express.Router();
  if (options.stateFile) openJournal(options.stateFile);
  const origin = (req: Request) => `${req.protocol}://${req.get('host')}`;
  const setup: EmulatorSetup = {
    router,
    options,
    state: emulatorState,
    testHelpers: options.testHelpers ?? false,
    webhookId: options.webhookId ?? EMULATOR_WEBHOOK_ID,
    origin,
    apiBase: (req) => `${origin(req)}${req.baseUrl}`,
  };

  router.use((_req, res, next) => {
    res.setHeader('paypal-debug-id', newDebugId());
    next();
  });
  router.use(express.json({ limit: '100kb' }));
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));

  const ctx = { ...setup, requireBearer: mountOAuth(setup) };
  const webhooks = mountWebhooks(ctx);
  mountOrders(ctx, webhooks);
  const payments = mountPayments(ctx, webhooks);
  mountTestKnobs(ctx, webhooks, payments);
  mountSdk(ctx);

  // Anything else: PayPal answers 404 (and nothing under the emulator's mount falls through to the shop's pages).
  router.use((_req, res) => notFound(res));

  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (res.headersSent) return next(err);
    if (e?.type === 'entity.parse.failed')
      return sendError(res, 400, 'INVALID_REQUEST', [detail('MALFORMED_REQUEST_JSON')]);
    if (e?.type === 'entity.too.large')
      return sendError(res, 413, 'INVALID_REQUEST', [detail('INVALID_PARAMETER_VALUE')]);
    sendError(res, 500, 'INTERNAL_SERVER_ERROR');
  });

  return router;
}
