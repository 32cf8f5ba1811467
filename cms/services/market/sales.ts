import { randomBytes } from 'node:crypto';
import type { Payload } from 'payload';
import type { z } from 'zod';
import {
  type AdminMarketDay,
  formatMoney,
  fromCents,
  type MarketPayment,
  type MarketSale,
  type MarketSaleLine,
  type marketSaleInputSchema,
  toAmountString,
  toCents,
} from '@shop/shared/admin';
import { describeActor } from '../../lib/actor';
import { AppError, badRequest } from '../../lib/app-error';
import { invalidateCatalogCache } from '../../lib/catalog-cache';
import { stripControlCharacters } from '../../lib/control-characters';
import { customerIdOf } from '../../lib/customer-id';
import { emitLiveEvent } from '../../lib/live-events';
import type { OrderLineRecord } from '../../lib/order-line-record';
import { generateOrderNumber } from '../../lib/order-number';
import { ordersChangedAfterCommit } from '../admin/sales-figures';
import type { AdminUser } from '../admin/sales';
import { num, str, type Doc } from '../mappers';
import { findDay, toAdminMarketDay } from './days';
import { productsAsOf, type ProductAsOf } from './prices';
import { sendSaleReceipt } from './receipt';
import { announceTake, clearNote, notedTake, saleKey, type StallTake, takeForSale } from './stall-stock';
import { indexOrderForSearch } from '../../lib/order-search-mongo';

/**
 * A sale at the market stall (issue 32 §2), booked as an order of channel `market`, COMPLETED at once, so the
 * ledger, dashboard, analytics, customers and CSV count it like any other. The phone makes the sale's
 * `client_id`; the order's unique `client_id` makes it once, however often and from however many phones it is
 * sent. Crash-safe order of work: the units are taken with a note (stall-stock.ts), then the order is inserted,
 * then the notes go; a resend finds the order (and finishes the notes) or the notes (and takes nothing).
 */

export type MarketSaleInput = z.output<typeof marketSaleInputSchema>;

export const SALE_AFTER_CLOSE = 'The market day was closed before this sale was recorded';
export const CASH_SHORT = 'Cash received is less than the total';

const SALE_SELECT = {
  number: true,
  client_id: true,
  recorded_at: true,
  market_day_id: true,
  products: true,
  market_discount: true,
  market_discount_label: true,
  transaction_gross_amount: true,
  payment_method: true,
  cash_received: true,
  change_given: true,
  payer_email_address: true,
  createdAt: true,
} as const;

type Shortfall = MarketSale['shortfalls'][number];

// ---------------------------------------------------------------------------------------------------------
// Reading sales

const isoOf = (v: unknown): string => (v instanceof Date ? v.toISOString() : str(v));
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function toMarketSale(order: Doc, shortfalls: Shortfall[]): MarketSale {
  const rows = Array.isArray(order.products) ? (order.products as Doc[]) : [];
  const lines: MarketSaleLine[] = rows.map((row) => {
    const price = num(row.price);
    const quantity = num(row.quantity);
    return {
      product_id: str(row.product_id),
      product: str(row.product),
      price,
      quantity,
      line_total: fromCents(toCents(price) * quantity),
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + toCents(l.line_total), 0);
  const email = str(order.payer_email_address);
  return {
    id: String(order.id),
    number: str(order.number),
    client_id: str(order.client_id),
    recorded_at: isoOf(order.recorded_at),
    lines,
    subtotal: fromCents(subtotalCents),
    discount: num(order.market_discount),
    discount_label: str(order.market_discount_label) || null,
    total: num(Number(order.transaction_gross_amount)),
    payment: (str(order.payment_method) || 'cash') as MarketPayment,
    cash_received: numOrNull(order.cash_received),
    change_given: numOrNull(order.change_given),
    receipt_email: email || null,
    shortfalls,
  };
}

/**
 * The shortfalls of some sales, from the audit log's entries of their takes (each names the sale's client id
 * under `market_sale`), written before the sale's order: the log is where a count that was off is kept.
 */
async function shortfallsOf(payload: Payload, orders: Doc[], since: string | null): Promise<Map<string, Shortfall[]>> {
  const out = new Map<string, Shortfall[]>();
  const clientIds = new Set(orders.map((o) => str(o.client_id)));
  const productIds = [
    ...new Set(
      orders.flatMap((o) => (Array.isArray(o.products) ? (o.products as Doc[]) : []).map((l) => str(l.product_id))),
    ),
  ];
  if (clientIds.size === 0 || productIds.length === 0) return out;
  const res = await payload.find({
    collection: 'audit-log',
    where: {
      and: [
        { collection: { equals: 'products' } },
        { record_id: { in: productIds } },
        ...(since ? [{ at: { greater_than_equal: since } }] : []),
      ],
    },
    sort: ['at', 'id'],
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { record_id: true, changes: true },
  });
  for (const entry of res.docs as Doc[]) {
    const changes = (entry.changes ?? {}) as Record<string, { after?: unknown } | undefined>;
    const clientId = str(changes.market_sale?.after);
    const missing = num(changes.shortfall?.after);
    if (!clientIds.has(clientId) || missing <= 0) continue;
    const list = out.get(clientId) ?? [];
    // Two entries for one take (a resend racing its original's entry) are one shortfall.
    if (list.some((s) => s.product_id === str(entry.record_id))) continue;
    list.push({ product_id: str(entry.record_id), product: str(changes.product?.after), missing });
    out.set(clientId, list);
  }
  return out;
}

/** The day's sales, in the order they were recorded on the phones. */
export async function daySales(payload: Payload, day: AdminMarketDay): Promise<MarketSale[]> {
  const res = await payload.find({
    collection: 'orders',
    where: { and: [{ market_day_id: { equals: day.id } }, { channel: { equals: 'market' } }] },
    sort: ['recorded_at', 'createdAt', 'id'],
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: SALE_SELECT,
  });
  const orders = res.docs as Doc[];
  const shortfalls = await shortfallsOf(payload, orders, day.opened_at);
  return orders.map((o) => toMarketSale(o, shortfalls.get(str(o.client_id)) ?? []));
}

async function orderOfClientId(payload: Payload, clientId: string): Promise<Doc | null> {
  const res = await payload.find({
    collection: 'orders',
    where: { client_id: { equals: clientId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    select: SALE_SELECT,
  });
  return (res.docs[0] as Doc | undefined) ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Pricing a sale

interface PricedSale {
  lines: Array<OrderLineRecord & { line_cents: number }>;
  subtotalCents: number;
  discountCents: number;
  discountLabel: string | null;
  totalCents: number;
  cashReceivedCents: number | null;
  changeCents: number | null;
  products: Map<string, ProductAsOf>;
}

/** The same product on two lines is one line: one take per product and sale (its note is keyed by the sale). */
function mergedLines(input: MarketSaleInput): Array<{ product_id: string; quantity: number }> {
  const merged = new Map<string, number>();
  for (const line of input.lines) merged.set(line.product_id, (merged.get(line.product_id) ?? 0) + line.quantity);
  return [...merged].map(([product_id, quantity]) => ({ product_id, quantity }));
}

function discountOf(input: MarketSaleInput, subtotalCents: number): { cents: number; label: string | null } {
  const discount = input.discount;
  if (!discount) return { cents: 0, label: null };
  if (discount.unit === '%') {
    if (discount.amount > 100)
      throw badRequest([{ path: 'discount.amount', message: 'A percent discount is at most 100' }]);
    // Half up to the cent; toFixed first so 0.5 held as 0.4999… still rounds up.
    const cents = Math.round(Number(((subtotalCents * discount.amount) / 100).toFixed(6)));
    return { cents, label: `${Number(discount.amount.toFixed(2))}%` };
  }
  const cents = toCents(discount.amount);
  if (cents > subtotalCents) {
    throw badRequest([
      {
        path: 'discount.amount',
        message: `The discount is more than the goods (${formatMoney(fromCents(subtotalCents))})`,
      },
    ]);
  }
  return { cents, label: formatMoney(fromCents(cents)) };
}

async function priceSale(payload: Payload, input: MarketSaleInput): Promise<PricedSale> {
  const wanted = mergedLines(input);
  const products = await productsAsOf(
    payload,
    wanted.map((l) => l.product_id),
    new Date(input.recorded_at).toISOString(),
  );
  const lines = wanted.map((l) => {
    const p = products.get(l.product_id) as ProductAsOf;
    const record: OrderLineRecord = {
      product_id: p.id,
      product: p.name,
      price: p.price,
      quantity: l.quantity,
      // The price is already the product's own discounted one: the line carries no discount of its own.
      apply_discount: false,
      discount_unit: '%',
      discount_amount: 0,
      apply_shipping: false,
      category_ids: p.category_ids,
      img_id: p.img_id,
    };
    return { ...record, line_cents: toCents(p.price) * l.quantity };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.line_cents, 0);
  const discount = discountOf(input, subtotalCents);
  const totalCents = subtotalCents - discount.cents;
  let cashReceivedCents: number | null = null;
  let changeCents: number | null = null;
  if (input.payment === 'cash') {
    // No amount given: the buyer paid the total exactly.
    cashReceivedCents = input.cash_received === undefined ? totalCents : toCents(input.cash_received);
    if (cashReceivedCents < totalCents) throw badRequest([{ path: 'cash_received', message: CASH_SHORT }]);
    changeCents = cashReceivedCents - totalCents;
  }
  return {
    lines,
    subtotalCents,
    discountCents: discount.cents,
    discountLabel: discount.label,
    totalCents,
    cashReceivedCents,
    changeCents,
    products,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Recording a sale

/** Whether the day takes a sale recorded at `recordedAt`: an open day, or a closed one for a sale made before it closed. */
function refuseByDayState(day: AdminMarketDay, recordedAt: string): void {
  if (day.status === 'OPEN') return;
  if (day.status === 'PLANNED') throw new AppError(409, 'The market day is not open yet: open it first');
  // A phone that was offline syncs after the day closed: what it sold while the day was open still counts.
  if (day.closed_at && Date.parse(recordedAt) <= Date.parse(day.closed_at)) return;
  throw new AppError(409, SALE_AFTER_CLOSE);
}

const newRowId = () => randomBytes(12).toString('hex');

async function auditTake(
  payload: Payload,
  user: AdminUser,
  entry: { productId: string; take: StallTake; missing: number; clientId: string; reason: string },
): Promise<void> {
  const actor = describeActor(user);
  await payload.create({
    collection: 'audit-log',
    data: {
      user: actor.by_id,
      by: actor.by,
      at: new Date().toISOString(),
      collection: 'products',
      record_id: entry.productId,
      operation: 'update',
      changes: {
        stock_quantity: { before: entry.take.before, after: entry.take.after },
        reason: { after: entry.reason },
        market_sale: { after: entry.clientId },
        ...(entry.missing > 0 ? { shortfall: { after: entry.missing }, product: { after: entry.take.name } } : {}),
      },
    },
    depth: 0,
    overrideAccess: true,
  });
}

const shortfallText = (name: string, missing: number) =>
  `The stall sold ${missing} of ${name} the count did not have: the count was off`;

/** Whether the audit log has the entry of sale `clientId`'s take of a product. */
async function takeLogged(
  payload: Payload,
  productId: string,
  clientId: string,
  since: string | null,
): Promise<boolean> {
  const res = await payload.find({
    collection: 'audit-log',
    where: {
      and: [
        { collection: { equals: 'products' } },
        { record_id: { equals: productId } },
        ...(since ? [{ at: { greater_than_equal: since } }] : []),
      ],
    },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { changes: true },
  });
  return (res.docs as Doc[]).some(
    (d) => str((d.changes as Record<string, { after?: unknown }> | null)?.market_sale?.after) === clientId,
  );
}

/** A take on the audit log (with its shortfall), the low-stock alert and, for a shortfall, the live alert. */
async function logTake(
  payload: Payload,
  user: AdminUser,
  day: AdminMarketDay,
  entry: { productId: string; take: StallTake; missing: number; clientId: string },
): Promise<void> {
  const reason = `market sale: ${day.place} ${day.date}`;
  const { productId, take, missing } = entry;
  await auditTake(payload, user, {
    ...entry,
    reason: missing > 0 ? `${reason}: ${shortfallText(take.name, missing)}` : reason,
  });
  announceTake(productId, take);
  if (missing > 0) {
    emitLiveEvent({
      type: 'stock.shortfall',
      data: { id: productId, name: take.name, missing, text: shortfallText(take.name, missing) },
    });
  }
}

/**
 * The units of each counted product, taken once per sale. A take is written to the audit log (with its
 * shortfall, and a live alert for it) before the order exists, so a resend that finds the order finds its
 * shortfalls too; a resend after a kill between the take and its entry writes the entry then. Returns the
 * shortfalls.
 */
async function takeUnits(
  payload: Payload,
  user: AdminUser,
  day: AdminMarketDay,
  input: MarketSaleInput,
  priced: PricedSale,
): Promise<{ shortfalls: Shortfall[]; changed: boolean }> {
  const key = saleKey(input.client_id);
  const shortfalls: Shortfall[] = [];
  let changed = false;
  for (const line of priced.lines) {
    if (!priced.products.get(line.product_id)?.counted) continue;
    const clientId = input.client_id;
    let taken = line.quantity;
    const take = await takeForSale(payload, line.product_id, key, line.quantity);
    if (take) {
      changed = true;
      taken = take.taken;
      await logTake(payload, user, day, { productId: line.product_id, take, missing: line.quantity - taken, clientId });
    } else {
      // Taken by an earlier attempt of this sale (its note), or the product stopped being counted: nothing more.
      const noted = await notedTake(payload, line.product_id, key);
      if (noted) {
        taken = noted.taken;
        if (!(await takeLogged(payload, line.product_id, clientId, day.opened_at))) {
          await logTake(payload, user, day, {
            productId: line.product_id,
            take: noted,
            missing: line.quantity - taken,
            clientId,
          });
        }
      }
    }
    if (taken < line.quantity) {
      shortfalls.push({ product_id: line.product_id, product: line.product, missing: line.quantity - taken });
    }
  }
  return { shortfalls, changed };
}

async function clearNotes(payload: Payload, clientId: string, productIds: string[]): Promise<void> {
  const key = saleKey(clientId);
  for (const id of productIds) await clearNote(payload, id, key);
}

function orderRow(user: AdminUser, day: AdminMarketDay, input: MarketSaleInput, priced: PricedSale, now: string) {
  const email = input.receipt_email ?? '';
  const total = toAmountString(fromCents(priced.totalCents));
  return stripControlCharacters({
    number: generateOrderNumber(),
    status: 'COMPLETED',
    channel: 'market',
    payment_method: input.payment,
    market_day_id: day.id,
    client_id: input.client_id,
    recorded_at: new Date(input.recorded_at).toISOString(),
    // A stall buyer is nobody by name; one who asked for a receipt is a customer by that email.
    payer_full_name: '',
    payer_email_address: email,
    customer_id: customerIdOf(email),
    shipment_full_name: '',
    shipment_amount: 0,
    shipment_method: '',
    transaction_status: 'COMPLETED',
    transaction_gross_amount: total,
    transaction_paypal_fee: '0.00',
    transaction_net_amount: total,
    currency_code: 'USD',
    cash_received: priced.cashReceivedCents === null ? null : fromCents(priced.cashReceivedCents),
    change_given: priced.changeCents === null ? null : fromCents(priced.changeCents),
    market_discount: priced.discountCents > 0 ? fromCents(priced.discountCents) : null,
    market_discount_label: priced.discountLabel,
    products: priced.lines.map(({ line_cents: _cents, ...line }) => ({ id: newRowId(), ...line })),
    // Handed over and paid at the stall: complete from the start, signed by whoever recorded it.
    status_history: [{ from: 'NEW', to: 'COMPLETED', at: now, ...describeActor(user) }],
    // No order mails: the buyer has the goods, and the shop made the sale itself (a receipt is sent apart).
    confirmation_sent_at: now,
    shop_notified_at: now,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Refills the lines of a sale whose order row was written without them (Payload's SQLite adapter writes the
 * row and its lines in separate statements: a kill between leaves none).
 */
async function repairLines(payload: Payload, order: Doc, priced: PricedSale): Promise<Doc> {
  if (Array.isArray(order.products) && order.products.length > 0) return order;
  payload.logger.warn({ msg: `market sale ${str(order.number)}: lines missing after an interrupted write, refilled` });
  const products = priced.lines.map(({ line_cents: _cents, ...line }) => line);
  await payload.update({ collection: 'orders', id: String(order.id), data: { products }, overrideAccess: true });
  return (await orderOfClientId(payload, str(order.client_id))) ?? order;
}

/** The sale already recorded under this client id, its unfinished steps finished. */
async function recordedSale(
  payload: Payload,
  day: AdminMarketDay,
  order: Doc,
  input: MarketSaleInput,
): Promise<MarketSale> {
  if (str(order.market_day_id) !== day.id) {
    throw new AppError(409, 'This sale (its client_id) was recorded on another market day');
  }
  let stored = order;
  if (!Array.isArray(order.products) || order.products.length === 0) {
    stored = await repairLines(payload, order, await priceSale(payload, input));
  }
  const productIds = (stored.products as Doc[]).map((l) => str(l.product_id));
  await clearNotes(payload, input.client_id, productIds);
  const shortfalls = await shortfallsOf(payload, [stored], day.opened_at);
  return toMarketSale(stored, shortfalls.get(input.client_id) ?? []);
}

/**
 * POST admin/market/days/{id}/sales. `created` false: the same client id was recorded before (by this phone's
 * earlier try, or another phone), and that sale is answered unchanged.
 */
export async function recordSale(
  payload: Payload,
  user: AdminUser,
  dayId: string,
  input: MarketSaleInput,
): Promise<{ sale: MarketSale; created: boolean }> {
  const day = toAdminMarketDay(await findDay(payload, user, dayId));
  const existing = await orderOfClientId(payload, input.client_id);
  if (existing) return { sale: await recordedSale(payload, day, existing, input), created: false };
  refuseByDayState(day, input.recorded_at);
  const priced = await priceSale(payload, input);

  const { shortfalls, changed } = await takeUnits(payload, user, day, input, priced);
  if (changed) await invalidateCatalogCache();
  const now = new Date().toISOString();
  const data = orderRow(user, day, input, priced, now);
  let id: string;
  try {
    id = String((await payload.db.create({ collection: 'orders', data, select: { id: true } })).id);
  } catch (err) {
    // Another request with the same client id saved it first: theirs is the sale.
    const winner = await orderOfClientId(payload, input.client_id);
    if (!winner) throw err;
    return { sale: await recordedSale(payload, day, winner, input), created: false };
  }
  // The Orders collection's afterChange hook that keeps the search index on MongoDB (SQLite: triggers).
  await indexOrderForSearch(payload, { ...data, id });
  await ordersChangedAfterCommit(payload, [data.createdAt]);
  await clearNotes(
    payload,
    input.client_id,
    priced.lines.map((l) => l.product_id),
  );
  const sale = toMarketSale({ ...data, id }, shortfalls);
  if (input.receipt_email) void sendSaleReceipt(payload, day, sale);
  return { sale, created: true };
}
