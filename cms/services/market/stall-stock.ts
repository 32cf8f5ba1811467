import { sql } from '@payloadcms/db-sqlite';
import type { Payload } from 'payload';
import { adapterOf, drizzleOf as drizzleFor, jsonKeyPath, mongoModel } from '../../lib/adapter-handles';
import { announceIfLow } from '../stock';

/**
 * The units a stall sale takes (issue 32 §2). The goods are handed over already, so the count is never a
 * reason to refuse: ONE conditional statement takes what is asked, stops at 0, and notes on the product, under
 * the sale's client id, how many it took (`stock_holds`, as a checkout notes its units: services/stock.ts). A
 * resend after a crash finds the note and takes nothing; the note goes once the sale's order is saved.
 */

const drizzleOf = (payload: Payload) => drizzleFor(adapterOf(payload), 'Market sales');
const mongoProducts = (payload: Payload) => mongoModel(adapterOf(payload), 'products');

/** The note's key: the sale's client id (a UUID: letters, digits and dashes). */
export const saleKey = (clientId: string) => `m_${clientId}`;
const notePath = (key: string) => jsonKeyPath(key, 'market sale');

export interface StallTake {
  name: string;
  /** The count before and after. */
  before: number;
  after: number;
  low_stock_threshold: number | null;
  /** Units the count had of those asked (the rest is the shortfall). */
  taken: number;
}

const countOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Takes `n` units for the sale `key`, down to 0 at most. Null when nothing was taken by this call: the product
 * is not counted, is gone, or this sale took its units before (see noteOf).
 */
export async function takeForSale(
  payload: Payload,
  productId: string,
  key: string,
  n: number,
): Promise<StallTake | null> {
  const now = new Date().toISOString();
  if (adapterOf(payload).name === 'mongoose') {
    const products = mongoProducts(payload);
    const result = await products.updateOne(
      { _id: productId, stock_quantity: { $type: 'number' }, [`stock_holds.${key}`]: { $exists: false } },
      [
        {
          $set: {
            stock_quantity: { $max: [{ $subtract: ['$stock_quantity', n] }, 0] },
            inventory_stock: { $gt: [{ $subtract: ['$stock_quantity', n] }, 0] },
            stock_holds: {
              $mergeObjects: [{ $ifNull: ['$stock_holds', {}] }, { [key]: { $min: ['$stock_quantity', n] } }],
            },
            updatedAt: new Date(now),
          },
        },
      ],
    );
    if (result.modifiedCount !== 1) return null;
    const doc = await products.findOne({ _id: productId }).lean();
    if (!doc) return null;
    const taken = Number((doc.stock_holds as Record<string, number>)[key]);
    const after = Number(doc.stock_quantity);
    return {
      name: String(doc.name ?? ''),
      before: after + taken,
      after,
      low_stock_threshold: countOrNull(doc.low_stock_threshold),
      taken,
    };
  }
  const path = notePath(key);
  // SET reads the row as it was: min(stock_quantity, n) is what the count had of the n asked.
  const { rows } = await drizzleOf(payload).run(
    sql`UPDATE products SET stock_quantity = max(stock_quantity - ${n}, 0), inventory_stock = (stock_quantity - ${n} > 0),
      stock_holds = json_set(coalesce(stock_holds, '{}'), ${path}, min(stock_quantity, ${n})), updated_at = ${now}
      WHERE id = ${productId} AND stock_quantity IS NOT NULL
        AND json_extract(coalesce(stock_holds, '{}'), ${path}) IS NULL
      RETURNING name, stock_quantity, low_stock_threshold, json_extract(stock_holds, ${path}) AS taken`,
  );
  const row = rows[0];
  if (!row) return null;
  const after = Number(row.stock_quantity);
  const taken = Number(row.taken);
  return {
    name: String(row.name ?? ''),
    before: after + taken,
    after,
    low_stock_threshold: countOrNull(row.low_stock_threshold),
    taken,
  };
}

/**
 * What sale `key` took of a product and still has noted, as a take (the count before is the count now plus
 * what was taken: other sales may have moved it since); null when nothing is noted.
 */
export async function notedTake(payload: Payload, productId: string, key: string): Promise<StallTake | null> {
  let row: Record<string, unknown> | undefined;
  if (adapterOf(payload).name === 'mongoose') {
    const doc = await mongoProducts(payload).findOne({ _id: productId }).lean();
    const holds = (doc?.stock_holds ?? {}) as Record<string, unknown>;
    row = doc ? { ...doc, taken: holds[key] } : undefined;
  } else {
    const { rows } = await drizzleOf(payload).run(
      sql`SELECT name, stock_quantity, low_stock_threshold,
        json_extract(coalesce(stock_holds, '{}'), ${notePath(key)}) AS taken FROM products WHERE id = ${productId}`,
    );
    row = rows[0];
  }
  const taken = countOrNull(row?.taken);
  if (!row || taken === null) return null;
  const after = Number(row.stock_quantity ?? 0);
  return {
    name: String(row.name ?? ''),
    before: after + taken,
    after,
    low_stock_threshold: countOrNull(row.low_stock_threshold),
    taken,
  };
}

/** The sale's order is saved: its units stay sold, the note goes. */
export async function clearNote(payload: Payload, productId: string, key: string): Promise<void> {
  if (adapterOf(payload).name === 'mongoose') {
    await mongoProducts(payload).updateOne(
      { _id: productId, [`stock_holds.${key}`]: { $exists: true } },
      { $unset: { [`stock_holds.${key}`]: '' } },
    );
    return;
  }
  const path = notePath(key);
  await drizzleOf(payload).run(
    sql`UPDATE products SET stock_holds = json_remove(stock_holds, ${path})
      WHERE id = ${productId} AND json_extract(coalesce(stock_holds, '{}'), ${path}) IS NOT NULL`,
  );
}

/** The low-stock alert of services/stock.ts, for a take of the stall. */
export function announceTake(productId: string, take: StallTake): void {
  announceIfLow(productId, take.before, {
    name: take.name,
    stock_quantity: take.after,
    low_stock_threshold: take.low_stock_threshold,
    held: null,
  });
}
