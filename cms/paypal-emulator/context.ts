/**
 * What the emulator's resource modules share: the router they add their routes to, the options, the state and
 * the request helpers. Each module's routes can be read against its PayPal page (see emulator.ts).
 */
import type { Request, RequestHandler, Router } from 'express';
import type { mountPayments } from './payments';
import type { PayPalEmulatorState } from './state';
import type { mountWebhooks } from './webhooks';

export interface PayPalEmulatorOptions {
  /**
   * The OAuth2 client secret a token is issued for (with `clientId`, default EMULATOR_CLIENT_ID). The shop's
   * server passes the random one from its data folder (services/paypal/emulator-credentials.ts); there is no
   * default, so no published secret opens the emulator.
   */
  clientSecret: string;
  clientId?: string;
  /** URL of the shop's webhook endpoint, e.g. http://127.0.0.1:3000/api/v2/payments/webhook. No webhooks when unset. */
  webhookTarget?: string;
  /** Id of the registered webhook the emulator signs with (default EMULATOR_WEBHOOK_ID). */
  webhookId?: string;
  /**
   * PayPal also sends PAYMENT.CAPTURE.COMPLETED for captures that complete at once; so does the emulator, after
   * `webhookDelayMs` (default 1000), unless this is false. A PENDING capture's webhook comes from /complete.
   */
  webhookOnCapture?: boolean;
  webhookDelayMs?: number;
  /**
   * First retry of an undelivered webhook after this long, doubling per attempt up to 5 minutes (PayPal
   * retries for three days); default 2000.
   */
  webhookRetryBaseMs?: number;
  /** Append-only journal of the orders (in the shop's data folder), so they survive a restart. */
  stateFile?: string;
  /**
   * Test-only helpers: the /__inspect routes, /complete of a PENDING capture, the refund helpers
   * (dashboard-refund, refund-mode, /complete of a PENDING refund) and the approve knobs capture_status /
   * capture_amount / webhook / capture_refusal, answered only on loopback. Off in production (a demo install
   * with PAYPAL_EMULATOR=true), where they would hand payers' details and control over captures to anyone.
   */
  testHelpers?: boolean;
}

/** What every resource module gets before the bearer check exists (the OAuth2 module makes it). */
export interface EmulatorSetup {
  router: Router;
  options: PayPalEmulatorOptions;
  state: PayPalEmulatorState;
  testHelpers: boolean;
  webhookId: string;
  /** `http://host:port` as the caller reached the emulator. */
  origin: (req: Request) => string;
  /** The emulator's API base as the caller reached it (origin + mount path), for the answers' links. */
  apiBase: (req: Request) => string;
}

export interface EmulatorContext extends EmulatorSetup {
  /** 401 AUTHENTICATION_FAILURE unless the request carries a live token from POST /v1/oauth2/token. */
  requireBearer: RequestHandler;
}

/** The webhook queue and delivery the orders, payments and test knobs hand their events to. */
export type EmulatorWebhooks = ReturnType<typeof mountWebhooks>;
/** The capture and refund bookkeeping the test knobs share with the Payments v2 routes. */
export type EmulatorPayments = ReturnType<typeof mountPayments>;
