import { sql } from '@payloadcms/db-sqlite';
import type { Payload, PayloadRequest } from 'payload';
import {
  adapterOf,
  type AdapterHandles,
  drizzleOf as drizzleFor,
  jsonKeyPath,
  mongoModel,
  transactionOf,
} from '../lib/adapter-handles';
import { AppError, badRequest, notFound } from '../lib/app-error';
import { invalidateCatalogCache } from '../lib/catalog-cache';
import { emitLiveEvent } from '../lib/live-events';
import { env } from '../lib/env';
import type { Doc } from './mappers';

/**
 * Stock counts (issue 24 §1). A counted product (`stock_quantity` a number) loses units in ONE conditional
 * statement that also notes them on the product under the checkout's key (`stock_holds`): taken and noted
 * can never be told apart by a crash, and a second take for the same checkout changes nothing. The hold
 * goes when the order is made (the units stay sold) or when they are given back (the count grows again),
 * each in one conditional statement, so whoever comes first (the capture, the webhook, the reconciler) does
 * it and the others find nothing to do.
 */

const mongoProducts = (db: AdapterHandles) => mongoModel(db, 'products');
const drizzleOf = (db: AdapterHandles) => drizzleFor(db, 'Stock counts');
/** Checkout keys are PayPal order ids, restock keys order ids: never anything that could leave the JSON path. */
const holdPath = (key: string) => jsonKeyPath(key, 'stock hold');

interface ProductCount {
  name: string;
  stock_quantity: number | null;
  low_stock_threshold: number | null;
  held: number | null;
}

const countOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

async function readCount(payload: Payload, productId: string, key: string | null): Promise<ProductCount | null> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const doc = await mongoProducts(db).findOne({ _id: productId }).lean();
    if (!doc) return null;
    const holds = (doc.stock_holds ?? {}) as Record<string, number>;
    return {
      name: String(doc.name ?? ''),
      stock_quantity: typeof doc.stock_quantity === 'number' ? doc.stock_quantity : null,
      low_stock_threshold: typeof doc.low_stock_threshold === 'number' ? doc.low_stock_threshold : null,
      held: key && typeof holds[key] === 'number' ? holds[key] : null,
    };
  }
  const path = key ? holdPath(key) : '$."-"';
  const { rows } = await drizzleOf(db).run(
    sql`SELECT name, stock_quantity, low_stock_threshold, json_extract(coalesce(stock_holds, '{}'), ${path}) AS held FROM products WHERE id = ${productId}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    name: String(row.name ?? ''),
    stock_quantity: countOrNull(row.stock_quantity),
    low_stock_threshold: countOrNull(row.low_stock_threshold),
    held: countOrNull(row.held),
  };
}

/** The counts of some products (absent or null: not counted). */
export async function countsOf(payload: Payload, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const res = await payload.db.find({
    collection: 'products',
    where: { id: { in: ids } },
    limit: ids.length,
    pagination: false,
    select: { stock_quantity: true },
  });
  for (const doc of res.docs as Doc[]) {
    if (typeof doc.stock_quantity === 'number') counts.set(String(doc.id), doc.stock_quantity);
  }
  return counts;
}

/** Takes `n` units for checkout `key`; the product after, or null when they were not there (or taken before). */
async function takeUnits(payload: Payload, productId: string, key: string, n: number): Promise<ProductCount | null> {
  const db = adapterOf(payload);
  const now = new Date().toISOString();
  if (db.name === 'mongoose') {
    const result = await mongoProducts(db).updateOne(
      { _id: productId, stock_quantity: { $gte: n }, [`stock_holds.${key}`]: { $exists: false } },
      [
        {
          $set: {
            stock_quantity: { $subtract: ['$stock_quantity', n] },
            inventory_stock: { $gt: [{ $subtract: ['$stock_quantity', n] }, 0] },
            stock_holds: { $mergeObjects: [{ $ifNull: ['$stock_holds', {}] }, { [key]: n }] },
            updatedAt: new Date(now),
          },
        },
      ],
    );
    if (result.modifiedCount !== 1) return null;
    return readCount(payload, productId, null);
  }
  const path = holdPath(key);
  const { rows } = await drizzleOf(db).run(
    sql`UPDATE products SET stock_quantity = stock_quantity - ${n}, inventory_stock = (stock_quantity - ${n} > 0),
      stock_holds = json_set(coalesce(stock_holds, '{}'), ${path}, ${n}), updated_at = ${now}
      WHERE id = ${productId} AND stock_quantity IS NOT NULL AND stock_quantity >= ${n}
        AND json_extract(coalesce(stock_holds, '{}'), ${path}) IS NULL
      RETURNING name, stock_quantity, low_stock_threshold`,
  );
  return rows.length === 1 ? productAfter(rows[0]) : null;
}

const productAfter = (row: Record<string, unknown>): ProductCount => ({
  name: String(row.name ?? ''),
  stock_quantity: countOrNull(row.stock_quantity),
  low_stock_threshold: countOrNull(row.low_stock_threshold),
  held: null,
});

/**
 * A live alert (and the dashboard's list) when a change brought a counted product down to its low-stock
 * threshold or to 0: only on the change that crosses, so a product sitting low is announced once, not on
 * every sale.
 */
export function announceIfLow(productId: string, before: number, after: ProductCount): void {
  const left = after.stock_quantity;
  if (left === null || left >= before) return;
  const threshold = after.low_stock_threshold;
  const crossedThreshold = threshold !== null && before > threshold && left <= threshold;
  const soldOut = left === 0 && before > 0;
  if (!crossedThreshold && !soldOut) return;
  emitLiveEvent({
    type: 'stock.low',
    data: { id: productId, name: after.name, stock_quantity: left, low_stock_threshold: threshold },
  });
}

/** Gives back what checkout `key` holds of a product; the count after, or null when it held nothing. */
async function returnUnits(payload: Payload, productId: string, key: string): Promise<number | null> {
  const db = adapterOf(payload);
  const now = new Date().toISOString();
  if (db.name === 'mongoose') {
    const current = await readCount(payload, productId, key);
    if (!current?.held) return null;
    const held = current.held;
    const result = await mongoProducts(db).updateOne({ _id: productId, [`stock_holds.${key}`]: held }, [
      {
        $set: {
          stock_quantity: { $cond: [{ $eq: ['$stock_quantity', null] }, null, { $add: ['$stock_quantity', held] }] },
          inventory_stock: { $cond: [{ $eq: ['$stock_quantity', null] }, '$inventory_stock', true] },
          updatedAt: new Date(now),
        },
      },
      { $unset: `stock_holds.${key}` },
    ]);
    if (result.modifiedCount !== 1) return null;
    return (await readCount(payload, productId, null))?.stock_quantity ?? 0;
  }
  const path = holdPath(key);
  const { rows } = await drizzleOf(db).run(
    sql`UPDATE products SET stock_quantity = stock_quantity + json_extract(stock_holds, ${path}),
      inventory_stock = CASE WHEN stock_quantity IS NULL THEN inventory_stock ELSE 1 END,
      stock_holds = json_remove(stock_holds, ${path}), updated_at = ${now}
      WHERE id = ${productId} AND json_extract(coalesce(stock_holds, '{}'), ${path}) IS NOT NULL
      RETURNING stock_quantity`,
  );
  return rows.length === 1 ? Number(rows[0].stock_quantity ?? 0) : null;
}

/** The units checkout `key` holds of a product stay sold: only the note goes. */
async function keepUnits(payload: Payload, productId: string, key: string): Promise<boolean> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const result = await mongoProducts(db).updateOne(
      { _id: productId, [`stock_holds.${key}`]: { $exists: true } },
      { $unset: { [`stock_holds.${key}`]: '' } },
    );
    return result.modifiedCount === 1;
  }
  const path = holdPath(key);
  const result = await drizzleOf(db).run(
    sql`UPDATE products SET stock_holds = json_remove(stock_holds, ${path})
      WHERE id = ${productId} AND json_extract(coalesce(stock_holds, '{}'), ${path}) IS NOT NULL`,
  );
  return result.rowsAffected === 1;
}

/** One entry on the audit log for a change of a count, by the shop itself (a sale) or by a member of staff. */
export async function auditCount(
  payload: Payload,
  entry: { productId: string; before: number; after: number; reason: string; by?: { id: string | null; name: string } },
  req?: PayloadRequest,
): Promise<void> {
  await payload.create({
    req,
    collection: 'audit-log',
    data: {
      user: entry.by?.id ?? null,
      by: entry.by?.name ?? 'Shop (checkout)',
      at: new Date().toISOString(),
      collection: 'products',
      record_id: entry.productId,
      operation: 'update',
      changes: { stock_quantity: { before: entry.before, after: entry.after }, reason: { after: entry.reason } },
    },
    depth: 0,
    overrideAccess: true,
  });
}

const auditQuietly = (payload: Payload, entry: Parameters<typeof auditCount>[1]) =>
  auditCount(payload, entry).catch((err: unknown) =>
    payload.logger.warn({ err, msg: `stock of ${entry.productId}: change not written to the audit log` }),
  );

interface StockLine {
  id: string;
  product: string;
  quantity: number;
}
const linesOf = (payment: Doc) => (Array.isArray(payment.lines) ? (payment.lines as StockLine[]) : []);

async function setStockState(payload: Payload, payment: Doc, data: Record<string, unknown>): Promise<Doc> {
  const row = { ...data, updatedAt: new Date().toISOString() };
  await payload.db.updateOne({ collection: 'payments', id: String(payment.id), data: row, returning: false });
  return { ...payment, ...row };
}

/**
 * Before the shop asks PayPal to capture: the units of every counted product in the cart, taken for this
 * payment. The payment says TAKING first, so a crash at any point after leaves a trace the reconciler
 * follows. When one product has run out, what was taken goes back and the shopper hears which (409); nothing
 * is captured. Returns the payment as now stored.
 */
export async function takeStock(payload: Payload, payment: Doc): Promise<Doc> {
  const lines = linesOf(payment);
  const counts = await countsOf(
    payload,
    lines.map((l) => l.id),
  );
  const counted = lines.filter((l) => counts.has(l.id));
  if (counted.length === 0) return payment;
  const key = String(payment.paypal_order_id);
  const taking = await setStockState(payload, payment, {
    stock_state: 'TAKING',
    stock_taken_at: new Date().toISOString(),
  });
  for (const line of counted) {
    const after = await takeUnits(payload, line.id, key, line.quantity);
    if (after !== null) {
      const left = after.stock_quantity ?? 0;
      void auditQuietly(payload, {
        productId: line.id,
        before: left + line.quantity,
        after: left,
        reason: `sale: PayPal order ${key}`,
      });
      announceIfLow(line.id, left + line.quantity, after);
      continue;
    }
    const now = await readCount(payload, line.id, key);
    // Taken by an earlier attempt of this same checkout, or no longer counted: nothing to take.
    if (!now || now.held !== null || now.stock_quantity === null) continue;
    await giveBackStock(payload, taking, 'not captured: sold out');
    throw new AppError(409, {
      message:
        now.stock_quantity === 0
          ? `${line.product} has sold out`
          : `Only ${now.stock_quantity} of ${line.product} left`,
      product: { id: line.id, name: line.product, available: now.stock_quantity },
    });
  }
  return taking;
}

/** The checkout did not become an order: every unit it holds goes back (once, whoever calls). */
export async function giveBackStock(payload: Payload, payment: Doc, reason: string): Promise<void> {
  const key = String(payment.paypal_order_id);
  let returned = false;
  for (const line of linesOf(payment)) {
    const after = await returnUnits(payload, line.id, key);
    if (after === null) continue;
    returned = true;
    void auditQuietly(payload, {
      productId: line.id,
      before: after - line.quantity,
      after,
      reason: `returned (${reason}): PayPal order ${key}`,
    });
  }
  if (returned || payment.stock_state === 'TAKING') await setStockState(payload, payment, { stock_state: 'RETURNED' });
  if (returned) await invalidateCatalogCache();
}

/** The order is made: the units stay sold, the holds go. */
export async function keepStock(payload: Payload, payment: Doc): Promise<void> {
  if (payment.stock_state !== 'TAKING') return;
  const key = String(payment.paypal_order_id);
  for (const line of linesOf(payment)) await keepUnits(payload, line.id, key);
  await setStockState(payload, payment, { stock_state: 'KEPT' });
  await invalidateCatalogCache();
}

/**
 * A checkout that took units and stopped before it said CAPTURING (a server killed in between) is finished by
 * the reconciler after this long: the shopper approved and asked to pay, so it captures as it does for a
 * CAPTURING payment (services/payments.ts reconcilePayment), and the units end kept or given back with it.
 */
export const STOCK_HOLD_LEASE_MS = env.stockHoldLeaseMs;

/**
 * The reconciler's part: a payment still TAKING whose fate is known. An order made: the units stay; a payment
 * that ended without one (failed, declined, abandoned): they go back. Any other waits for its outcome (never
 * given back on a timer: a capture still on its way could then sell them twice).
 */
export async function settleStock(payload: Payload, payment: Doc): Promise<'kept' | 'returned' | null> {
  const status = String(payment.status);
  if (payment.order || status === 'COMPLETED') {
    await keepStock(payload, payment);
    return 'kept';
  }
  if (['FAILED', 'DECLINED', 'ABANDONED'].includes(status)) {
    await giveBackStock(payload, payment, `payment ${status.toLowerCase()}`);
    return 'returned';
  }
  return null;
}

/** POST admin/products/{id}/stock: a change of the count with its reason, refused below 0. */
export async function adjustStock(
  payload: Payload,
  productId: string,
  change: { change: number; reason: string },
  by: { id: string | null; name: string },
): Promise<{ id: string; stock_quantity: number }> {
  const db = adapterOf(payload);
  const current = await readCount(payload, productId, null);
  if (!current) throw notFound('Product not found');
  const now = new Date().toISOString();
  let after: ProductCount | null = null;
  if (db.name === 'mongoose') {
    // Counted or not, a change starts from the count (null counts as 0), and never goes below 0.
    const base = current.stock_quantity ?? 0;
    const filter =
      current.stock_quantity === null
        ? { _id: productId, stock_quantity: null }
        : { _id: productId, stock_quantity: { $gte: -change.change } };
    const result = await mongoProducts(db).updateOne(filter, [
      {
        $set: {
          stock_quantity: { $add: [{ $ifNull: ['$stock_quantity', 0] }, change.change] },
          inventory_stock: { $gt: [{ $add: [{ $ifNull: ['$stock_quantity', 0] }, change.change] }, 0] },
          updatedAt: new Date(now),
        },
      },
    ]);
    if (result.modifiedCount === 1 && base + change.change >= 0) after = await readCount(payload, productId, null);
  } else {
    const { rows } = await drizzleOf(db).run(
      sql`UPDATE products SET stock_quantity = coalesce(stock_quantity, 0) + ${change.change},
        inventory_stock = (coalesce(stock_quantity, 0) + ${change.change} > 0), updated_at = ${now}
        WHERE id = ${productId} AND coalesce(stock_quantity, 0) + ${change.change} >= 0
        RETURNING name, stock_quantity, low_stock_threshold`,
    );
    if (rows.length === 1) after = productAfter(rows[0]);
  }
  if (after === null) {
    const left = (await readCount(payload, productId, null))?.stock_quantity ?? 0;
    throw badRequest({
      message: `Only ${left} of ${current.name} left: the count cannot go below 0`,
      stock_quantity: left,
    });
  }
  const left = after.stock_quantity ?? 0;
  await auditCount(payload, { productId, before: left - change.change, after: left, reason: change.reason, by });
  announceIfLow(productId, left - change.change, after);
  await invalidateCatalogCache();
  return { id: productId, stock_quantity: left };
}

/**
 * Puts `n` units of a product back for order `orderKey` (a cancellation or a return, issue 24), in ONE
 * conditional statement that also notes them on the product (`stock_returns`): once per order and product,
 * whoever asks twice or retries after a crash. The product after, or null when it is not counted or this
 * order's units of it went back before.
 */
export async function restockUnits(
  payload: Payload,
  productId: string,
  orderKey: string,
  n: number,
  req?: PayloadRequest,
): Promise<ProductCount | null> {
  const db = adapterOf(payload);
  const now = new Date().toISOString();
  const transaction = await transactionOf(payload, req);
  if (db.name === 'mongoose') {
    const products = mongoProducts(db);
    const result = await products.updateOne(
      { _id: productId, stock_quantity: { $ne: null }, [`stock_returns.${orderKey}`]: { $exists: false } },
      [
        {
          $set: {
            stock_quantity: { $add: ['$stock_quantity', n] },
            inventory_stock: true,
            stock_returns: { $mergeObjects: [{ $ifNull: ['$stock_returns', {}] }, { [orderKey]: n }] },
            updatedAt: new Date(now),
          },
        },
      ],
      { session: transaction.session },
    );
    if (result.modifiedCount !== 1) return null;
    // Read in the same session: outside it the change is not there until the commit.
    const doc = await products.findOne({ _id: productId }, null, { session: transaction.session }).lean();
    return doc ? productAfter(doc) : null;
  }
  const path = holdPath(orderKey);
  const { rows } = await (transaction.drizzle ?? drizzleOf(db)).run(
    sql`UPDATE products SET stock_quantity = stock_quantity + ${n}, inventory_stock = 1,
      stock_returns = json_set(coalesce(stock_returns, '{}'), ${path}, ${n}), updated_at = ${now}
      WHERE id = ${productId} AND stock_quantity IS NOT NULL
        AND json_extract(coalesce(stock_returns, '{}'), ${path}) IS NULL
      RETURNING name, stock_quantity, low_stock_threshold`,
  );
  return rows.length === 1 ? productAfter(rows[0]) : null;
}

/** Of some products: whether each is counted, and what order `orderKey` put back of it (null: nothing yet). */
export async function restockStateOf(
  payload: Payload,
  productIds: string[],
  orderKey: string,
): Promise<Map<string, { counted: boolean; restocked: number | null }>> {
  const state = new Map<string, { counted: boolean; restocked: number | null }>();
  if (productIds.length === 0) return state;
  const res = await payload.db.find({
    collection: 'products',
    where: { id: { in: productIds } },
    limit: productIds.length,
    pagination: false,
    select: { stock_quantity: true, stock_returns: true },
  });
  for (const doc of res.docs as Doc[]) {
    const returns = (doc.stock_returns ?? {}) as Record<string, unknown>;
    const returned = returns[orderKey];
    state.set(String(doc.id), {
      counted: typeof doc.stock_quantity === 'number',
      restocked: typeof returned === 'number' ? returned : null,
    });
  }
  return state;
}
