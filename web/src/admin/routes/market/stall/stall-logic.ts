/**
 * The stall screen's arithmetic and rules, free of React and of the browser: the basket, the sale's figures
 * as the phone shows them before the server prices it, what is left on a tile, the day's running totals with
 * the sales still on the phone, and what to do with the server's answer to a sale sent.
 *
 * Money is counted in cents here. The server prices every sale again from its catalogue as of recorded_at
 * (issue 32 §2); the phone's figures are what the person at the stall sees meanwhile.
 */
import { fromCents, toCents } from '@shop/shared';
import type {
  MarketDayTotals,
  MarketDiscount,
  MarketPayment,
  MarketProduct,
  MarketSaleInput,
} from '@shop/shared/admin';
import { MAX_MARKET_LINE_QUANTITY } from '@shop/shared/admin';

/** product id → units in the basket, in the order they were first tapped. */
export type Basket = ReadonlyArray<{ product_id: string; quantity: number }>;

export function addToBasket(basket: Basket, productId: string, units = 1): Basket {
  const found = basket.find((line) => line.product_id === productId);
  if (!found) return [...basket, { product_id: productId, quantity: Math.min(units, MAX_MARKET_LINE_QUANTITY) }];
  return setQuantity(basket, productId, found.quantity + units);
}

/** A quantity of 0 or less takes the line out of the basket. */
export function setQuantity(basket: Basket, productId: string, quantity: number): Basket {
  if (quantity <= 0) return basket.filter((line) => line.product_id !== productId);
  const capped = Math.min(Math.floor(quantity), MAX_MARKET_LINE_QUANTITY);
  return basket.map((line) => (line.product_id === productId ? { ...line, quantity: capped } : line));
}

export const basketUnits = (basket: Basket): number => basket.reduce((sum, line) => sum + line.quantity, 0);

export interface SaleFigures {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** Cash given back: null unless the payment is cash and the cash received covers the total. */
  changeCents: number | null;
  /** Cash received is less than the total (the sale cannot be recorded so). */
  cashShortCents: number;
}

/**
 * A percent is of the goods, rounded to the cent (half a cent up); cash off is never more than the goods.
 */
export function discountCents(subtotalCents: number, discount: MarketDiscount | undefined): number {
  if (!discount || !(discount.amount > 0)) return 0;
  const off =
    discount.unit === '%'
      ? Math.round((subtotalCents * Math.min(discount.amount, 100)) / 100)
      : toCents(discount.amount);
  return Math.min(off, subtotalCents);
}

/** Unit prices by product id: the tiles' catalogue, or the copy kept with a sale on the phone. */
export type PriceList = ReadonlyMap<string, number>;

export const priceList = (catalogue: readonly MarketProduct[]): PriceList =>
  new Map(catalogue.map((product) => [product.id, product.price]));

export function saleFigures(
  lines: Basket,
  prices: PriceList,
  discount: MarketDiscount | undefined,
  payment: MarketPayment,
  cashReceived: number | undefined,
): SaleFigures {
  const subtotalCents = lines.reduce((sum, line) => sum + toCents(prices.get(line.product_id) ?? 0) * line.quantity, 0);
  const off = discountCents(subtotalCents, discount);
  const totalCents = subtotalCents - off;
  let changeCents: number | null = null;
  let cashShortCents = 0;
  if (payment === 'cash' && cashReceived !== undefined) {
    const receivedCents = toCents(cashReceived);
    if (receivedCents >= totalCents) changeCents = receivedCents - totalCents;
    else cashShortCents = totalCents - receivedCents;
  }
  return { subtotalCents, discountCents: off, totalCents, changeCents, cashShortCents };
}

/** A sale kept on the phone until the server has it. */
export interface QueuedSale {
  client_id: string;
  day_id: string;
  /** Order of recording on this phone: sales are sent in this order. */
  seq: number;
  input: MarketSaleInput;
  /** The phone's figure of the total (server prices may differ by a product's change of price meanwhile). */
  total_cents: number;
  /** Waiting to be sent, or refused by the server (kept on the phone and shown, never dropped silently). */
  state: 'waiting' | 'failed';
  /** Why the server refused it, for a failed sale. */
  error: string | null;
  attempts: number;
}

/**
 * What a tile shows as left: the server's count minus the units of sales still on the phone (never below 0);
 * null when the product's stock is not counted.
 */
export function unitsLeft(product: MarketProduct, queued: readonly QueuedSale[], basket: Basket = []): number | null {
  if (product.stock_left === null) return null;
  let held = 0;
  for (const sale of queued) {
    if (sale.state !== 'waiting') continue;
    for (const line of sale.input.lines) if (line.product_id === product.id) held += line.quantity;
  }
  for (const line of basket) if (line.product_id === product.id) held += line.quantity;
  return Math.max(0, product.stock_left - held);
}

export interface RunningTotals {
  salesCount: number;
  totalCents: number;
  cashCents: number;
  cardCents: number;
}

/** The server's totals of the day plus the sales still waiting on the phone. */
export function runningTotals(server: MarketDayTotals | null, queued: readonly QueuedSale[]): RunningTotals {
  const totals: RunningTotals = {
    salesCount: server?.sales_count ?? 0,
    totalCents: toCents(server?.total ?? 0),
    cashCents: toCents(server?.cash_total ?? 0),
    cardCents: toCents(server?.card_total ?? 0),
  };
  for (const sale of queued) {
    if (sale.state !== 'waiting') continue;
    totals.salesCount += 1;
    totals.totalCents += sale.total_cents;
    if (sale.input.payment === 'cash') totals.cashCents += sale.total_cents;
    else totals.cardCents += sale.total_cents;
  }
  return totals;
}

/** "1 sale waiting to be sent", "2 sales waiting to be sent", "All sales sent". */
export function waitingText(waiting: number): string {
  if (waiting === 0) return 'All sales sent';
  return `${waiting} ${waiting === 1 ? 'sale' : 'sales'} waiting to be sent`;
}

/** What the sender does after the server's answer to one sale. */
export type SendOutcome =
  /** 201 recorded now, or 200: the same client_id was recorded before (a resend): either way it is sent. */
  | 'sent'
  /** No answer, a server failure or 429: try again later. */
  | 'retry'
  /** The session is gone: keep the queue, stop sending, ask to sign in again. */
  | 'signIn'
  /**
   * Any other 4xx, 409 included (the server's 409s say the day is not open, was closed before the sale, or has
   * not this sale's client_id): not taken as it is. Shown with the reason and a "Send again", never dropped,
   * and it does not hold up the sales after it.
   */
  | 'failed';

export function sendOutcome(status: number): SendOutcome {
  if (status === 200 || status === 201) return 'sent';
  if (status === 401 || status === 403) return 'signIn';
  if (status === 429 || status >= 500 || status < 200) return 'retry';
  if (status >= 400) return 'failed';
  return 'retry';
}

/** Waits between tries after a failed send: 1 s, 2 s, 4 s … up to half a minute. */
export function retryDelayMs(failedTries: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failedTries - 1));
}

/** The sale's body for the server, from what the screen holds. */
export function saleInput(args: {
  clientId: string;
  recordedAt: Date;
  basket: Basket;
  discount: MarketDiscount | undefined;
  payment: MarketPayment;
  cashReceived: number | undefined;
  receiptEmail: string;
}): MarketSaleInput {
  const input: MarketSaleInput = {
    client_id: args.clientId,
    recorded_at: args.recordedAt.toISOString(),
    lines: args.basket.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
    payment: args.payment,
  };
  if (args.discount && args.discount.amount > 0) input.discount = args.discount;
  if (args.payment === 'cash' && args.cashReceived !== undefined) input.cash_received = args.cashReceived;
  const email = args.receiptEmail.trim();
  if (email) input.receipt_email = email;
  return input;
}

/** "12.5" → 12.5; "", "abc", "-1" → undefined (a field the person has not filled in). */
export function parseAmount(text: string): number | undefined {
  const cleaned = text.replace(',', '.').trim();
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return undefined;
  return Number(cleaned);
}

export const centsToAmount = fromCents;
