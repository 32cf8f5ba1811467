import type { Payload, Where } from 'payload';
import { discountedUnitPrice, type PriceRule } from '@shop/shared';
import { badRequest } from '../../lib/app-error';
import { num, str, type Doc } from '../mappers';

/**
 * What a product was when a stall sale was recorded (issue 32 §2): the phone may send a sale made offline
 * hours ago, after the family changed a price, so its price is the server's as of `recorded_at`, never the
 * phone's. The audit log keeps every change of a product's fields with their values before and after
 * (hooks/audit-collection.ts): a field's value at T is the `before` of its earliest change after T, else its
 * value now. A product deleted since is read from its deletion's entry, which holds every field before it
 * went; one the audit log never saw (made before the log existed) from the newest order line that copied it.
 */
export interface ProductAsOf {
  id: string;
  name: string;
  /** One unit after the product's own discount. */
  price: number;
  category_ids: string[];
  img_id: string | null;
  /** Whether the product still exists and its units are counted (a sale takes them). */
  counted: boolean;
}

const PRICE_FIELDS = ['name', 'price', 'apply_discount', 'discount_unit', 'discount_amount'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];

type FieldValues = Partial<Record<PriceField | 'categories' | 'img', unknown>>;

const idOf = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'object' && 'id' in (v as object)) return String((v as { id: unknown }).id);
  return String(v);
};
const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(idOf).filter((id): id is string => id !== null) : []);

interface AuditRow {
  record_id: string;
  operation: string;
  changes: Record<string, { before?: unknown; after?: unknown } | undefined>;
}

async function auditRows(payload: Payload, ids: string[], where: Where): Promise<AuditRow[]> {
  const res = await payload.find({
    collection: 'audit-log',
    where: { and: [{ collection: { equals: 'products' } }, { record_id: { in: ids } }, where] },
    sort: ['at', 'id'],
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { record_id: true, operation: true, changes: true },
  });
  return (res.docs as Doc[]).map((d) => ({
    record_id: str(d.record_id),
    operation: str(d.operation),
    changes: (d.changes ?? {}) as AuditRow['changes'],
  }));
}

/** Fields of products gone from the catalogue, from the newest order line that copied each. */
async function lineCopies(payload: Payload, ids: string[]): Promise<Map<string, FieldValues>> {
  const copies = new Map<string, FieldValues>();
  for (const id of ids) {
    const res = await payload.find({
      collection: 'orders',
      where: { 'products.product_id': { equals: id } },
      sort: '-createdAt',
      limit: 1,
      depth: 0,
      overrideAccess: true,
      select: { products: true },
    });
    const order = res.docs[0] as Doc | undefined;
    const line = (Array.isArray(order?.products) ? (order.products as Doc[]) : []).find(
      (l) => str(l.product_id) === id,
    );
    if (!line) continue;
    copies.set(id, {
      name: line.product,
      price: line.price,
      apply_discount: line.apply_discount,
      discount_unit: line.discount_unit,
      discount_amount: line.discount_amount,
      categories: line.category_ids,
      img: line.img_id,
    });
  }
  return copies;
}

/**
 * The products of a sale as they were at `at` (ISO). A product id that names no product, was never deleted
 * and was never sold is refused (400): the phone cannot have had it in its catalogue.
 */
export async function productsAsOf(payload: Payload, ids: string[], at: string): Promise<Map<string, ProductAsOf>> {
  const res = await payload.find({
    collection: 'products',
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: {
      name: true,
      price: true,
      apply_discount: true,
      discount_unit: true,
      discount_amount: true,
      categories: true,
      img: true,
      stock_quantity: true,
    },
  });
  const current = new Map((res.docs as Doc[]).map((d) => [String(d.id), d]));
  const gone = ids.filter((id) => !current.has(id));
  const snapshots = new Map<string, FieldValues>();
  if (gone.length) {
    for (const row of await auditRows(payload, gone, { operation: { equals: 'delete' } })) {
      const before: FieldValues = {};
      for (const [field, change] of Object.entries(row.changes)) {
        if (change && 'before' in change) (before as Record<string, unknown>)[field] = change.before;
      }
      snapshots.set(row.record_id, before);
    }
    const unseen = gone.filter((id) => !snapshots.has(id));
    if (unseen.length) for (const [id, copy] of await lineCopies(payload, unseen)) snapshots.set(id, copy);
    const unknown = gone.filter((id) => !snapshots.has(id));
    if (unknown.length) throw badRequest(`Unknown product: ${unknown.join(', ')}`);
  }
  // Every change after `at`, oldest first: the first one naming a field holds its value at `at`.
  const later = await auditRows(payload, ids, { at: { greater_than: at } });
  const out = new Map<string, ProductAsOf>();
  for (const id of ids) {
    const doc = current.get(id);
    const base: FieldValues = (doc as FieldValues | undefined) ?? snapshots.get(id) ?? {};
    const values: FieldValues = { ...base };
    const seen = new Set<string>();
    for (const row of later) {
      if (row.record_id !== id) continue;
      for (const field of PRICE_FIELDS) {
        const change = row.changes[field];
        if (seen.has(field) || !change || !('before' in change)) continue;
        // A create has no `before`: a product made after the sale keeps its first values.
        seen.add(field);
        values[field] = change.before;
      }
    }
    const rule: PriceRule = {
      price: num(values.price),
      apply_discount: values.apply_discount === true,
      discount_unit: str(values.discount_unit) || '%',
      discount_amount: num(values.discount_amount),
    };
    out.set(id, {
      id,
      name: str(values.name),
      price: discountedUnitPrice(rule),
      category_ids: idsOf(base.categories),
      img_id: idOf(base.img),
      counted: typeof doc?.stock_quantity === 'number',
    });
  }
  return out;
}
