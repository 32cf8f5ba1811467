/**
 * Every door obeys /api/v2's rules (issue 29 §4). Payload's REST API (/api/{collection}) and the /cms panel (the
 * same REST API, sending the document as multipart `_payload`) write the same collections as the control
 * centre's /api/v2; a value /api/v2 refuses must not get in through them. The values tried are GENERATED from
 * /api/v2's own zod schemas: each field's schema is walked for its bounds, formats and options, candidates just
 * outside them (and a few ordinary numbers) are made, and the schema itself says which of them it refuses on a
 * stored record. Each refused one is sent to REST as JSON and as the panel's form, and must be refused with the
 * record unchanged: a field added to a schema is covered without a new test. An order's facts (money, payer,
 * payment, shipment address) are the shop's own: no door changes any of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ORDER_STATUSES } from '@shop/shared';
import {
  categoryInputSchema,
  couponInputSchema,
  orderStatusChangeSchema,
  productInputSchema,
} from '@shop/shared/admin';
import type { CollectionConfig, Field } from 'payload';
import { Orders } from '../collections/Orders';
import { ORDER_FIELDS_DOORS_MAY_WRITE } from '../collections/Orders/hooks/refuse-door-changes-to-order-facts';
import { Categories } from '../collections/Categories';
import { Coupons } from '../collections/Coupons';
import { Products } from '../collections/Products';
import { type AdminClient, type Json, startServer, type TestServer, uid } from './harness';
import { createCategory, createProduct, type Doc } from './factories';
import { approve, capturePayment, createPayment } from './payment-helpers';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------------------
// Candidates from a zod schema

interface ZodDef {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
  element?: ZodLike;
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: Array<{ _zod: { def: Record<string, unknown> } }>;
}
interface ZodLike {
  _zod: { def: ZodDef };
}

/** Ordinary numbers tried on every number: cross-field rules (a discount against the price) reject some. */
const NUMBER_PROBES = [-1, 0, 0.5, 1.5, 50, 150, 1e12];
/** Text that no format, pattern or option of the shop accepts. */
const MALFORMED = '<not valid!>';

/**
 * Values near and beyond what `schema` accepts, from its own definition: lengths one past each bound, numbers
 * one past each bound and not whole where whole numbers are asked, every option of an enum and one that is not,
 * text that matches no pattern, wrong types. Which of them the schema really refuses is its own decision
 * (refusedCandidates); this only proposes.
 */
export function candidatesOf(schema: ZodLike): unknown[] {
  const def = schema._zod.def;
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return candidatesOf(def.innerType!);
    case 'pipe':
      return [...candidatesOf(def.in!), ...candidatesOf(def.out!)];
    case 'union':
      return def.options!.flatMap(candidatesOf);
    case 'string': {
      const out: unknown[] = ['', '   ', MALFORMED, 'not-a-date', 42, true];
      for (const c of checks) {
        if (c.check === 'max_length') out.push('x'.repeat(Number(c.maximum) + 1));
        if (c.check === 'min_length' && Number(c.minimum) > 1) out.push('x'.repeat(Number(c.minimum) - 1));
      }
      return out;
    }
    case 'number': {
      const out: unknown[] = [...NUMBER_PROBES, 'twelve'];
      for (const c of checks) {
        const bound = Number(c.value);
        if (c.check === 'greater_than') out.push(c.inclusive ? bound - 1 : bound);
        if (c.check === 'less_than') out.push(c.inclusive ? bound + 1 : bound);
        if (c.check === 'number_format') out.push(1.5);
      }
      return out;
    }
    case 'enum':
      return [...Object.values(def.entries ?? {}), 'NOT_AN_OPTION'];
    case 'literal':
      return [...(def.values ?? []), 'NOT_AN_OPTION'];
    case 'boolean':
      return [true, false, 'yes', 1];
    case 'array': {
      const element = candidatesOf(def.element!);
      const out: unknown[] = [[], MALFORMED, element.slice(0, 3)];
      for (const c of checks) {
        if (c.check === 'max_length') out.push('more than allowed'); // filled in with real ids by the caller
      }
      return out;
    }
    default:
      return [MALFORMED];
  }
}

/**
 * The collection's own options and bounds for a field, as further candidates: a status the collection stores
 * but /api/v2 never sets (NEW) is one of them.
 */
function candidatesOfField(collection: CollectionConfig, name: string): unknown[] {
  const field = collection.fields.find((f): f is Field & { name: string } => 'name' in f && f.name === name);
  if (!field) return [];
  const f = field as { options?: Array<string | { value: string }>; min?: number; max?: number; maxLength?: number };
  return [
    ...(f.options ?? []).map((o) => (typeof o === 'string' ? o : o.value)),
    ...(typeof f.min === 'number' ? [f.min - 1] : []),
    ...(typeof f.max === 'number' ? [f.max + 1] : []),
    ...(typeof f.maxLength === 'number' ? ['x'.repeat(f.maxLength + 1)] : []),
  ];
}

type ObjectSchema = z.ZodType & { shape: Record<string, ZodLike> };

interface RefusedCase {
  /** The field as /api/v2 names it. */
  field: string;
  /** The same field in the collection (e.g. img_id is img). */
  restField: string;
  value: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The candidates `schema` refuses when only `field` of the stored record's own (valid) input is changed, for
 * every field of the schema that the collection stores. null is left out: REST empties a field with null,
 * which /api/v2 says by leaving it out; so is '' where the schema takes null (it is REST's empty too).
 */
function refusedCandidates(
  schema: ObjectSchema,
  collection: CollectionConfig,
  input: Record<string, unknown>,
  stored: Doc,
  fill: (field: string, value: unknown) => unknown = (_f, v) => v,
): RefusedCase[] {
  expect(schema.safeParse(input).error, 'the stored record is valid for /api/v2').toBeUndefined();
  const cases: RefusedCase[] = [];
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const restField =
      field in stored ? field : field.endsWith('_id') && field.slice(0, -3) in stored ? field.slice(0, -3) : null;
    if (!restField || field === 'id') continue;
    const seen: unknown[] = [];
    const emptiable = schema.safeParse({ ...input, [field]: null }).success;
    for (const raw of [...candidatesOf(fieldSchema), ...candidatesOfField(collection, restField)]) {
      const value = fill(field, raw);
      if (value === null || value === undefined || (emptiable && value === '')) continue;
      if (seen.some((s) => same(s, value))) continue;
      seen.push(value);
      if (schema.safeParse({ ...input, [field]: value }).success) continue;
      cases.push({ field, restField, value });
    }
  }
  return cases;
}

/** PATCH as JSON, as a script would send it. */
const patchJson = (collection: string, id: string, data: Record<string, unknown>) =>
  admin.api(`/api/${collection}/${id}?depth=0`, { method: 'PATCH', json: data });

/** PATCH as the /cms panel sends a save: the whole document as multipart `_payload`. */
function patchPanel(collection: string, id: string, doc: Doc, data: Record<string, unknown>) {
  const form = new FormData();
  form.append('_payload', JSON.stringify({ ...doc, ...data }));
  return admin.api(`/api/${collection}/${id}?depth=0`, { method: 'PATCH', body: form });
}

const storedDoc = async (collection: string, id: string): Promise<Doc> => {
  const res = await admin.api(`/api/${collection}/${id}?depth=0`);
  expect(res.status, res.text).toBe(200);
  return res.body as Doc;
};

/**
 * Sends every case through both doors; returns those not answered 400 (with what was answered). The record is
 * compared whole afterwards: a refused write changes nothing, not even its updatedAt.
 */
async function sendThroughDoors(collection: string, doc: Doc, cases: RefusedCase[]): Promise<string[]> {
  const let_in: string[] = [];
  for (const c of cases) {
    const data = { [c.restField]: c.value };
    const json = await patchJson(collection, String(doc.id), data);
    const panel = await patchPanel(collection, String(doc.id), doc, data);
    for (const [door, res] of [
      ['JSON', json],
      ['panel', panel],
    ] as const) {
      if (res.status !== 400) let_in.push(`${door} ${c.restField}=${JSON.stringify(c.value)}: ${res.status}`);
    }
  }
  return let_in;
}

// ---------------------------------------------------------------------------------------------------------
// Products

/** What the control centre's form would send for a stored record (the schema's fields it stores). */
function v2InputOf(schema: ObjectSchema, doc: Doc): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of Object.keys(schema.shape)) {
    const value = field in doc ? doc[field] : doc[field.replace(/_id$/, '')];
    if (value !== null && value !== undefined && field !== 'id') input[field] = value;
  }
  return input;
}

/**
 * Count fields the REST door leaves out on update rather than refusing (keepStockCountOnUpdate): the panel
 * sends back the count it loaded, which a sale may have changed since. The count changes only through "Adjust
 * stock"; the record must still be unchanged.
 */
const DROPPED_ON_UPDATE = new Set(['stock_quantity']);

describe('products: what /api/v2 refuses, Payload REST and the panel refuse', () => {
  it.each([
    ['10.00 at 50 percent off', { price: 10, apply_discount: true, discount_unit: '%', discount_amount: 50 }],
    ['10.00 with 5.00 cash off', { price: 10, apply_discount: true, discount_unit: 'CASH', discount_amount: 5 }],
    ['an unpublished draft at 0.00, counted, 3 left', { price: 0, published: false, stock_quantity: 3 }],
  ])(
    'when each value productInputSchema refuses is sent for a product of %s, then JSON and the panel answer 400 and the product is unchanged',
    async (_what, terms) => {
      const product = await createProduct(admin, { name: `Door ${uid()}`, low_stock_threshold: 2, ...terms });
      const before = await storedDoc('products', product.id);
      const categories = before.categories as string[];
      const cases = refusedCandidates(
        productInputSchema as unknown as ObjectSchema,
        Products,
        v2InputOf(productInputSchema as unknown as ObjectSchema, before),
        before,
        (field, value) =>
          // An array over its maximum: the product's own category, once more than allowed.
          value === 'more than allowed' ? Array.from({ length: 51 }, () => categories[0]) : value,
      );
      // The schema's refusals include the cross-field ones the issue names (on the first two products).
      expect(cases.length).toBeGreaterThan(40);
      const doors = cases.filter((c) => !DROPPED_ON_UPDATE.has(c.restField));
      expect(await sendThroughDoors('products', before, doors)).toEqual([]);
      expect(await storedDoc('products', product.id)).toEqual(before);
      for (const c of cases.filter((x) => DROPPED_ON_UPDATE.has(x.restField))) {
        await patchJson('products', product.id, { [c.restField]: c.value });
      }
      // Left out, the write still happened (its time is new); nothing else changed.
      expect({ ...(await storedDoc('products', product.id)), updatedAt: null }).toEqual({ ...before, updatedAt: null });
    },
  );

  it('when a 10.00 product is given 150 percent off or 50.00 cash off through REST, then 400 names the rule and it still sells at 10.00', async () => {
    const product = await createProduct(admin, { name: `Door ${uid()}`, price: 10 });
    const percent = await patchJson('products', product.id, { discount_unit: '%', discount_amount: 150 });
    expect(percent.status).toBe(400);
    expect(percent.text).toContain('A percentage discount cannot exceed 100');
    const cash = await patchJson('products', product.id, {
      apply_discount: true,
      discount_unit: 'CASH',
      discount_amount: 50,
    });
    expect(cash.status).toBe(400);
    expect(cash.text).toContain('The discount cannot exceed the price');
    expect(await storedDoc('products', product.id)).toMatchObject({
      price: 10,
      apply_discount: false,
      discount_unit: '%',
      discount_amount: 0,
    });
    // The cart is priced from the stored product: 10.00 + 7.90 shipping (the settings' default fee).
    const pay = await createPayment(server, { products: [{ id: product.id, quantity: 1 }], coupon_code: null });
    expect(pay.status, pay.text).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The other collections /api/v2 writes with a schema of its own

describe('categories and discount codes: what /api/v2 refuses, Payload REST and the panel refuse', () => {
  it.each([
    [
      'categories',
      categoryInputSchema,
      Categories,
      async () => (await createCategory(admin, { name: `Door ${uid()}` })).id,
    ],
    [
      'coupons',
      couponInputSchema,
      Coupons,
      async () => {
        const res = await admin.api('/api/v2/admin/coupons', {
          method: 'POST',
          json: {
            code: `DOOR${uid().replace(/-/g, '').slice(0, 12)}`,
            kind: 'cash',
            amount: 5,
            min_subtotal: 20,
            starts_at: '2026-01-01T00:00:00.000Z',
            ends_at: '2030-01-01T00:00:00.000Z',
            max_uses: 10,
            active: true,
          },
        });
        expect(res.status, res.text).toBe(201);
        return String(res.body.result.id);
      },
    ],
  ] as const)(
    'when each value the schema refuses is sent to %s, then JSON and the panel answer 400 and the record is unchanged',
    async (collection, schema, config, make) => {
      const id = await make();
      const before = await storedDoc(collection, id);
      const cases = refusedCandidates(
        schema as unknown as ObjectSchema,
        config,
        v2InputOf(schema as unknown as ObjectSchema, before),
        before,
      );
      expect(cases.length).toBeGreaterThan(10);
      expect(await sendThroughDoors(collection, before, cases)).toEqual([]);
      expect(await storedDoc(collection, id)).toEqual(before);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Orders

/** A real paid order: a checkout with a 10 percent code, captured through the emulator, then SHIPPED. */
async function paidOrder(): Promise<Doc> {
  const code = await admin.api('/api/v2/admin/coupons', {
    method: 'POST',
    json: { code: `DOOR${uid().replace(/-/g, '').slice(0, 12)}`, kind: 'percent', amount: 10, active: true },
  });
  expect(code.status, code.text).toBe(201);
  const product = await createProduct(admin, { name: `Door order ${uid()}`, price: 12.5 });
  const created = await createPayment(server, {
    products: [{ id: product.id, quantity: 2 }],
    coupon_code: code.body.result.code,
  });
  expect(created.status, created.text).toBe(201);
  const paypalId = created.body.result.id as string;
  await approve(server, paypalId, { shipping: { address: { address_line_2: 'Apt 4', country_code: 'US' } } });
  const captured = await capturePayment(server, paypalId);
  expect(captured.status, captured.text).toBe(200);
  const id = String(captured.body.result.id);
  expect((await patchJson('orders', id, { status: 'SHIPPED' })).status).toBe(200);
  return storedDoc('orders', id);
}

/** A different value of the same shape: every nested value changed, one row less in a list. */
function changed(value: unknown): unknown {
  if (value === null || value === undefined) return 'forged';
  if (typeof value === 'number') return value + 1000;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'string') return `${value}9`;
  if (Array.isArray(value)) return value.length > 0 ? value.slice(1) : ['forged'];
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'id' ? v : changed(v)]));
}

const SYSTEM_KEYS = new Set(['id', 'createdAt', 'updatedAt']);
const doorsMayWrite = new Set<string>(ORDER_FIELDS_DOORS_MAY_WRITE);

/**
 * The order's facts as stored now. The mail bookkeeping (and the time of the row's last write) is left out: the
 * order's mails go out on their own after the capture, whatever the doors are sent meanwhile.
 */
async function storedFacts(id: string): Promise<Doc> {
  const doc = await storedDoc('orders', id);
  return Object.fromEntries(
    Object.entries(doc).filter(([key]) => key !== 'updatedAt' && (key === 'status' || !doorsMayWrite.has(key))),
  ) as Doc;
}

describe('orders: the facts are the shop’s own, the status follows the control centre’s workflow', () => {
  let order: Doc;
  /** Its facts before any test sent anything. */
  let facts: Doc;
  beforeAll(async () => {
    order = await paidOrder();
    facts = await storedFacts(String(order.id));
  });

  it('when any stored field but the status and the mail bookkeeping is changed through JSON or the panel, then 400 and the order is unchanged', async () => {
    const named = Object.keys(order).filter((k) => !SYSTEM_KEYS.has(k) && !doorsMayWrite.has(k));
    // The money, payer, payment and address fields of a real order are among them.
    expect(named).toEqual(
      expect.arrayContaining([
        'transaction_gross_amount',
        'transaction_net_amount',
        'transaction_paypal_fee',
        'transaction_status',
        'transaction_id',
        'paypal_order_id',
        'payer_email_address',
        'payer_full_name',
        'shipment_address',
        'shipment_amount',
        'coupon_code',
        'coupon_discount',
        'products',
        'status_history',
      ]),
    );
    const cases = named.map((field) => ({ field, restField: field, value: changed(order[field]) }));
    expect(await sendThroughDoors('orders', order, cases)).toEqual([]);
    // One nested value alone (a line's price) is a change too.
    const lines = order.products as Json[];
    const cheaper = [{ ...lines[0], price: 0.01 }, ...lines.slice(1)];
    expect((await patchPanel('orders', String(order.id), order, { products: cheaper })).status).toBe(400);
    expect(await storedFacts(String(order.id))).toEqual(facts);
  });

  it('when the issue’s gross of 5000.00, REFUNDED and a new payer email are sent, then 400 names them and the order is unchanged', async () => {
    const res = await patchJson('orders', String(order.id), {
      transaction_gross_amount: '5000.00',
      transaction_status: 'REFUNDED',
      payer_email_address: 'thief@evil.example',
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('transaction_gross_amount, transaction_status, payer_email_address');
    expect(await storedFacts(String(order.id))).toEqual(facts);
  });

  it('when each status orderStatusChangeSchema refuses is sent through JSON or the panel, then 400 and the order is unchanged; a status it allows is saved from the panel', async () => {
    const schema = orderStatusChangeSchema as unknown as ObjectSchema;
    const cases = refusedCandidates(schema, Orders, { status: order.status }, order);
    expect(cases.map((c) => c.value)).toEqual(expect.arrayContaining(['NEW', 'NOT_AN_OPTION']));
    expect(await sendThroughDoors('orders', order, cases)).toEqual([]);
    expect(await storedFacts(String(order.id))).toEqual(facts);
    // Every status the schema allows passes the panel's whole-document save; NEW never comes back.
    let current = await storedDoc('orders', String(order.id));
    for (const status of ORDER_STATUSES.filter((s) => schema.safeParse({ status: s }).success)) {
      const res = await patchPanel('orders', String(order.id), current, { status });
      expect(res.status, `${status}: ${res.text}`).toBe(200);
      // The panel reloads the order after a save.
      current = await storedDoc('orders', String(order.id));
      expect(current.status).toBe(status);
    }
  });
});
