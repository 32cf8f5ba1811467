/**
 * Checkout decisions as pure functions (SPEC §4 Payment, Stock), so the cart page and the PayPal buttons
 * stay thin and every branch is unit-tested. Prices are never computed here: see @shop/shared pricing.
 */
import {
  type CartItem,
  type CartLine,
  couponRefusal,
  type Envelope,
  formatMoney,
  type PaymentReply,
  type PublicConfig,
  type PublicCoupon,
  type PublicProduct,
} from '@shop/shared';

// ---------------------------------------------------------------- cart lines

/**
 * - ok: can be paid for;
 * - missing: the server no longer shows it (deleted or unpublished): "no longer available";
 * - outOfStock: published but not in stock, or refused by payments/create: "not available".
 */
export type LineStatus = 'ok' | 'missing' | 'outOfStock';

export interface CartRow {
  item: CartItem;
  /** The product as the shop sells it now; null when products/cart/show left it out. */
  product: PublicProduct | null;
  status: LineStatus;
}

/**
 * Joins the stored cart with the products/cart/show reply. `refused` holds ids that payments/create answered
 * as unavailable; they count as not available even if an older reply still shows them in stock.
 */
export function cartRows(
  cart: readonly CartItem[],
  products: readonly PublicProduct[],
  refused: ReadonlySet<string> = new Set(),
): CartRow[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return cart.map((item) => {
    const product = byId.get(item.id) ?? null;
    let status: LineStatus = 'ok';
    if (!product || !product.published) status = 'missing';
    else if (!product.inventory_stock || refused.has(item.id)) status = 'outOfStock';
    return { item, product, status };
  });
}

/** The priced lines of the rows that can be paid for, as shared pricing wants them. */
export function payableLines(rows: readonly CartRow[]): CartLine[] {
  return rows.flatMap((row) =>
    row.status === 'ok' && row.product ? [{ ...row.product, quantity: row.item.quantity }] : [],
  );
}

/** What payments/create receives: ids and quantities only, never a price (DESIGN "Payments"). */
export const paymentItems = (cart: readonly CartItem[]): CartItem[] =>
  cart.map(({ id, quantity }) => ({ id, quantity }));

// ---------------------------------------------------------------- payment replies

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The created payment when payments/create succeeded (201, status CREATED, an id); null otherwise. */
export function createdPayment(envelope: Envelope<unknown>): PaymentReply | null {
  const { status, result } = envelope;
  if (status !== 201 && status !== 200) return null;
  if (!isObject(result) || result.status !== 'CREATED' || typeof result.id !== 'string' || result.id === '')
    return null;
  return { status: 'CREATED', id: result.id, ...(typeof result.secret === 'string' ? { secret: result.secret } : {}) };
}

/** Ids that payments/create refused as unpublished, out of stock or deleted (400 {unavailable}). */
export function refusedIds(envelope: Envelope<unknown>): string[] {
  if (envelope.status !== 400 || !isObject(envelope.result)) return [];
  const ids = envelope.result.unavailable;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * A counted product the shop has fewer of than the cart asks (issue 24): payments/create's 400 and
 * payments/capture's 409 name it, with what the server says ("Only 2 of Olio Nuovo left").
 */
export interface ShortProduct {
  id: string;
  message: string;
  /** How many are left (0: sold out); null when the server did not say. */
  available: number | null;
}

export function shortProduct(envelope: Envelope<unknown>): ShortProduct | null {
  if (envelope.status !== 400 && envelope.status !== 409) return null;
  const { result } = envelope;
  if (!isObject(result) || !isObject(result.product) || typeof result.product.id !== 'string') return null;
  const available = result.product.available;
  return {
    id: result.product.id,
    message: typeof result.message === 'string' ? result.message : '',
    available: typeof available === 'number' && Number.isInteger(available) && available >= 0 ? available : null,
  };
}

/** The reason payments/create (400) or payments/capture (409) gave for refusing the cart's discount code. */
export function couponRefusalOf(envelope: Envelope<unknown>): string | null {
  if (envelope.status !== 400 && envelope.status !== 409) return null;
  const { result } = envelope;
  if (!isObject(result) || !('coupon_code' in result || 'coupon' in result)) return null;
  return typeof result.message === 'string' ? result.message : null;
}

/** The reason payments/create (400) refused the chosen pickup day: past, closed, not for pickup or unknown. */
export function pickupRefusalOf(envelope: Envelope<unknown>): string | null {
  if (envelope.status !== 400) return null;
  const { result } = envelope;
  if (!isObject(result) || !('pickup_day_id' in result)) return null;
  return typeof result.message === 'string' ? result.message : null;
}

export type CaptureOutcome =
  | { kind: 'completed'; orderId: string }
  /** Sold out while the shopper paid: nothing was charged. */
  | { kind: 'soldOut'; product: ShortProduct }
  /** The discount code's last use went to another shopper while this one paid: nothing was charged. */
  | { kind: 'couponRefused'; message: string }
  | { kind: 'pending' }
  | { kind: 'countryRefused'; country: string | null }
  /** No answer, or the server or PayPal could not finish now: the same capture may simply be sent again. */
  | { kind: 'retry' }
  | { kind: 'failed' };

/**
 * Waits before each repeat of a capture that got no usable answer (ms). The server captures with a fixed
 * PayPal-Request-Id per order, so a repeat can never charge twice; after the last one the shopper gets a
 * "try again" button and the promise that a taken payment becomes an order anyway.
 */
export const CAPTURE_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000] as const;

/**
 * Sends the capture, and again after each of `delays` while the outcome is 'retry'. `onRetry(attempt,
 * attempts)` runs before each wait, so the page can say which attempt is under way.
 */
export async function captureWithRetries(
  send: () => Promise<Envelope<unknown>>,
  onRetry: (attempt: number, attempts: number) => void,
  delays: readonly number[] = CAPTURE_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<CaptureOutcome> {
  let outcome = captureOutcome(await send());
  for (let i = 0; outcome.kind === 'retry' && i < delays.length; i++) {
    onRetry(i + 2, delays.length + 1);
    await wait(delays[i]);
    outcome = captureOutcome(await send());
  }
  return outcome;
}

/** Reads payments/capture: 200 COMPLETED with the shop order id, 202 PENDING, or a failure. */
export function captureOutcome(envelope: Envelope<unknown>): CaptureOutcome {
  const { status, result } = envelope;
  if (
    status === 200 &&
    isObject(result) &&
    result.status === 'COMPLETED' &&
    typeof result.id === 'string' &&
    result.id
  ) {
    return { kind: 'completed', orderId: result.id };
  }
  if (status === 202 && isObject(result) && result.status === 'PENDING') return { kind: 'pending' };
  const short = status === 409 ? shortProduct(envelope) : null;
  if (short) return { kind: 'soldOut', product: short };
  const coupon = couponRefusalOf(envelope);
  if (coupon) return { kind: 'couponRefused', message: coupon };
  if (status === 400 && isObject(result) && 'country' in result) {
    return { kind: 'countryRefused', country: typeof result.country === 'string' ? result.country : null };
  }
  // 500: a network failure reads as 500 (SPEC §7); 502/503/504: PayPal or a proxy did not answer; 429: slow down.
  if (status === 429 || status >= 500) return { kind: 'retry' };
  return { kind: 'failed' };
}

// ---------------------------------------------------------------- PayPal script

/** 'off' is production without PayPal credentials: no buttons, a notice instead. */
export const isOnlinePaymentOff = (config: PublicConfig): boolean =>
  config.paypal.env === 'off' || config.paypal.client_id === '';

/** Options for react-paypal-js' PayPalScriptProvider (PayPal's own SDK, or the emulator's stand-in). */
export function paypalScriptOptions(config: PublicConfig) {
  const { client_id, sdk_base_url, env } = config.paypal;
  return {
    clientId: client_id,
    currency: config.currency_code,
    components: 'buttons',
    intent: 'capture',
    // The emulator serves its SDK stand-in from the shop; PayPal's own SDK picks sandbox or live by URL.
    ...(sdk_base_url
      ? { sdkBaseUrl: sdk_base_url }
      : { environment: env === 'production' ? ('production' as const) : ('sandbox' as const) }),
  };
}

/**
 * The buttons to offer: the configured funding sources that PayPal knows, PayPal first, each once.
 * Whether each is eligible for this shopper is PayPal's call at render time (an ineligible one is hidden).
 */
export function fundingSources<T extends string>(configured: readonly string[], known: readonly T[]): T[] {
  const knownSet = new Set<string>(known);
  const picked = [...new Set(configured.map((method) => method.trim().toLowerCase()))].filter((method): method is T =>
    knownSet.has(method),
  );
  return picked.sort((a, b) => Number(b === 'paypal') - Number(a === 'paypal'));
}

/**
 * The code the cart may apply to these lines: the server said it may be used now, and the goods reach its
 * minimum (checked here with the shared rule, as payments/create checks it). Else null, with the reason.
 */
export function applicableCoupon(
  coupon: PublicCoupon | null,
  subtotal: number,
  currency: string,
): { coupon: PublicCoupon | null; problem: string | null } {
  if (!coupon) return { coupon: null, problem: null };
  const problem = couponRefusal(
    { ...coupon, active: true, starts_at: null, ends_at: null, max_uses: null, uses_count: 0 },
    coupon.code,
    subtotal,
    new Date(),
    (n) => formatMoney(n, currency),
  );
  return problem ? { coupon: null, problem } : { coupon, problem: null };
}
