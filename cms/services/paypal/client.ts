import type {
  PayPalCapture,
  PayPalCreateOrderRequest,
  PayPalErrorBody,
  PayPalErrorDetail,
  PayPalOrder,
  PayPalRefund,
  PayPalRefundRequest,
  PayPalTokenResponse,
  PayPalVerifyWebhookSignatureRequest,
  PayPalVerifyWebhookSignatureResponse,
} from './types';

/**
 * The local emulator's client id: public, like a real PayPal client id (the storefront's SDK URL carries it).
 * Its secret is random and kept in the data folder (see emulator-credentials.ts), never in the code.
 */
export const EMULATOR_CLIENT_ID = 'emulator-client';
/** The webhook id the emulator signs its webhooks with when the server sets no PAYPAL_WEBHOOK_ID. */
export const EMULATOR_WEBHOOK_ID = 'WH-EMULATOR-0000000000000000';
/** Where the emulator is mounted on the shop's own server. */
export const EMULATOR_MOUNT_PATH = '/__paypal';

const LIVE_BASE_URL = 'https://api-m.paypal.com';
const SANDBOX_BASE_URL = 'https://api-m.sandbox.paypal.com';
const DEFAULT_TIMEOUT_MS = 15_000;
/** Refresh a cached token this long before PayPal says it expires. */
const TOKEN_EXPIRY_MARGIN_MS = 5 * 60_000;

/**
 * A failed PayPal call. `name` is PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND,
 * INVALID_REQUEST, AUTHENTICATION_FAILURE, or the OAuth `error` such as invalid_client), `details[0].issue`
 * the specific reason (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, AMOUNT_MISMATCH, ...).
 *
 * `status` 0 means no HTTP answer arrived (name TIMEOUT or NETWORK_ERROR): the outcome at PayPal is
 * unknown, so repeat the call with the same PayPal-Request-Id (safe for create and capture) or read the
 * order with getOrder.
 */
export class PayPalApiError extends Error {
  override readonly name: string;
  readonly status: number;
  readonly details: PayPalErrorDetail[];
  readonly debug_id: string | undefined;

  constructor(status: number, name: string, message: string, details: PayPalErrorDetail[] = [], debug_id?: string) {
    super(message);
    this.name = name;
    this.status = status;
    this.details = details;
    this.debug_id = debug_id;
  }

  /** details[0].issue, the specific reason PayPal gives (e.g. 'ORDER_ALREADY_CAPTURED'). */
  get issue(): string | undefined {
    return this.details[0]?.issue;
  }
}

export interface PayPalClientOptions {
  /** e.g. https://api-m.sandbox.paypal.com or http://127.0.0.1:3000/__paypal (no trailing slash needed). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per-request timeout; default 15 000 ms. */
  timeoutMs?: number;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface PayPalClient {
  /** POST /v2/checkout/orders; `requestId` goes into PayPal-Request-Id (same id → same order). */
  createOrder(body: PayPalCreateOrderRequest, requestId: string): Promise<PayPalOrder>;
  /** GET /v2/checkout/orders/{id}. */
  getOrder(id: string): Promise<PayPalOrder>;
  /** POST /v2/checkout/orders/{id}/capture; same `requestId` → PayPal replays the first answer. */
  captureOrder(id: string, requestId: string): Promise<PayPalOrder>;
  /** GET /v2/payments/captures/{id}: the capture now (status PARTIALLY_REFUNDED / REFUNDED after refunds). */
  getCapture(captureId: string): Promise<PayPalCapture>;
  /**
   * POST /v2/payments/captures/{id}/refund; without `body.amount` PayPal refunds everything not yet refunded.
   * `requestId` goes into PayPal-Request-Id: the same id → PayPal replays the first refund, never a second one.
   */
  refundCapture(captureId: string, body: PayPalRefundRequest, requestId: string): Promise<PayPalRefund>;
  /** GET /v2/payments/refunds/{id}. */
  getRefund(refundId: string): Promise<PayPalRefund>;
  /** POST /v1/notifications/verify-webhook-signature. */
  verifyWebhookSignature(input: PayPalVerifyWebhookSignatureRequest): Promise<'SUCCESS' | 'FAILURE'>;
}

/** PayPal's REST base URL for PAYPAL_ENV: 'production' → live, anything else ('development') → sandbox. */
export function paypalBaseUrl(env: string | undefined): string {
  return env === 'production' ? LIVE_BASE_URL : SANDBOX_BASE_URL;
}

export type PayPalMode = 'live' | 'sandbox' | 'emulator' | 'off';

export interface PayPalSettings {
  mode: PayPalMode;
  /** REST base URL ('' when off). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Id of the registered webhook, used in verify-webhook-signature ('' when unknown). */
  webhookId: string;
  /** What react-paypal-js `sdkBaseUrl` must be; null = PayPal's own SDK URL. */
  sdkBaseUrl: string | null;
}

/**
 * Decides which PayPal the server talks to.
 * - PAYPAL_CLIENT_ID set → real PayPal: 'live' when PAYPAL_ENV=production, else 'sandbox'. PAYPAL_BASE_URL
 *   overrides the REST base URL (proxies, PayPal mocks); PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are read.
 * - no PAYPAL_CLIENT_ID and (NODE_ENV !== 'production' or PAYPAL_EMULATOR === 'true') → 'emulator' at
 *   `${localOrigin}/__paypal`, with the emulator's public client id and an empty clientSecret: the secret is
 *   the emulator's random one from the data folder, which services/paypal/instance.ts fills in.
 * - otherwise 'off' (production without credentials): payments are unavailable.
 * `localOrigin` is how this process reaches itself, e.g. http://127.0.0.1:3000.
 */
export function resolvePayPalSettings(
  processEnv: Record<string, string | undefined>,
  localOrigin: string,
): PayPalSettings {
  const clientId = processEnv.PAYPAL_CLIENT_ID?.trim();
  if (clientId) {
    const live = processEnv.PAYPAL_ENV === 'production';
    return {
      mode: live ? 'live' : 'sandbox',
      baseUrl: stripSlash(processEnv.PAYPAL_BASE_URL?.trim() || paypalBaseUrl(processEnv.PAYPAL_ENV)),
      clientId,
      clientSecret: processEnv.PAYPAL_CLIENT_SECRET ?? '',
      webhookId: processEnv.PAYPAL_WEBHOOK_ID ?? '',
      sdkBaseUrl: null,
    };
  }
  if (processEnv.NODE_ENV !== 'production' || processEnv.PAYPAL_EMULATOR === 'true') {
    return {
      mode: 'emulator',
      baseUrl: `${stripSlash(localOrigin)}${EMULATOR_MOUNT_PATH}`,
      clientId: EMULATOR_CLIENT_ID,
      clientSecret: '',
      webhookId: processEnv.PAYPAL_WEBHOOK_ID || EMULATOR_WEBHOOK_ID,
      sdkBaseUrl: `${EMULATOR_MOUNT_PATH}/sdk/js`,
    };
  }
  return { mode: 'off', baseUrl: '', clientId: '', clientSecret: '', webhookId: '', sdkBaseUrl: null };
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

interface CachedToken {
  value: string;
  refreshAt: number;
}

export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  const baseUrl = stripSlash(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  let token: CachedToken | null = null;
  let pendingToken: Promise<CachedToken> | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const e = err as { name?: string; message?: string };
      if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
        throw new PayPalApiError(0, 'TIMEOUT', `PayPal did not answer within ${timeoutMs} ms (${init.method} ${url})`);
      }
      throw new PayPalApiError(
        0,
        'NETWORK_ERROR',
        `PayPal unreachable (${init.method} ${url}): ${e?.message ?? String(err)}`,
      );
    }
  }

  async function fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await send(`${baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = await readJson(res);
    if (!res.ok) throw toApiError(res, body);
    const t = body as Partial<PayPalTokenResponse> | undefined;
    if (!t || typeof t.access_token !== 'string') {
      throw new PayPalApiError(res.status, 'INVALID_TOKEN_RESPONSE', 'PayPal token response has no access_token');
    }
    const expiresInMs = (typeof t.expires_in === 'number' ? t.expires_in : 0) * 1000;
    // Refresh a few minutes early, or at half-life for short-lived tokens.
    const margin = Math.min(TOKEN_EXPIRY_MARGIN_MS, expiresInMs / 2);
    return { value: t.access_token, refreshAt: Date.now() + expiresInMs - margin };
  }

  async function getToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && token && Date.now() < token.refreshAt) return token.value;
    if (forceRefresh) token = null;
    // One token request at a time; concurrent callers share it.
    if (!pendingToken) {
      pendingToken = fetchToken().finally(() => {
        pendingToken = null;
      });
    }
    token = await pendingToken;
    return token.value;
  }

  async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T> {
    const call = async (accessToken: string) => {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        // PayPal's answers are a few KB: inflating them costs more CPU than the bytes cost on the wire, and the
        // emulator, mounted in the shop's own process, would gzip each one on the thread serving the shoppers.
        'Accept-Encoding': 'identity',
        Prefer: 'return=representation',
      };
      if (requestId) headers['PayPal-Request-Id'] = requestId;
      return send(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    let res = await call(await getToken(false));
    if (res.status === 401) {
      // The token may have been revoked or expired early: get a new one and try once more.
      await res.body?.cancel();
      res = await call(await getToken(true));
    }
    const parsed = await readJson(res);
    if (!res.ok) throw toApiError(res, parsed);
    return parsed as T;
  }

  return {
    createOrder(body, requestId) {
      return api<PayPalOrder>('POST', '/v2/checkout/orders', body, requestId);
    },
    getOrder(id) {
      return api<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    },
    captureOrder(id, requestId) {
      return api<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, requestId);
    },
    getCapture(captureId) {
      return api<PayPalCapture>('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
    },
    refundCapture(captureId, body, requestId) {
      return api<PayPalRefund>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        body,
        requestId,
      );
    },
    getRefund(refundId) {
      return api<PayPalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`);
    },
    async verifyWebhookSignature(input) {
      const r = await api<PayPalVerifyWebhookSignatureResponse>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        input,
      );
      return r.verification_status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE';
    },
  };
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { __text: text.slice(0, 500) };
  }
}

function toApiError(res: Response, body: unknown): PayPalApiError {
  const b = (body ?? {}) as Partial<PayPalErrorBody> & {
    error?: unknown;
    error_description?: unknown;
    __text?: string;
  };
  const debugId = typeof b.debug_id === 'string' ? b.debug_id : (res.headers.get('paypal-debug-id') ?? undefined);
  if (typeof b.name === 'string') {
    return new PayPalApiError(
      res.status,
      b.name,
      typeof b.message === 'string' ? b.message : b.name,
      Array.isArray(b.details) ? b.details : [],
      debugId,
    );
  }
  if (typeof b.error === 'string') {
    // OAuth2 errors from /v1/oauth2/token: {error, error_description}.
    return new PayPalApiError(
      res.status,
      b.error,
      typeof b.error_description === 'string' ? b.error_description : b.error,
      [],
      debugId,
    );
  }
  return new PayPalApiError(
    res.status,
    `HTTP_${res.status}`,
    b.__text || res.statusText || `PayPal answered HTTP ${res.status}`,
    [],
    debugId,
  );
}
