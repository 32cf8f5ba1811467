/**
 * Data and PayPal-buyer steps for the in-process service tests: products written straight through Payload,
 * the emulator's approve route (the buyer's part, over HTTP as the storefront's buyer would), and reads of
 * what the services stored.
 */
import type { Payload } from 'payload';
import { readEmulatorCredentials } from '../../services/paypal/emulator-credentials';
import type { PayPalOrder } from '../../services/paypal/types';
import type { InProcessShop } from './setup';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any> & { id: string };

import { uid } from '../harness';

export { uid };

let categoryId: string | null = null;

export interface ProductInput {
  name?: string;
  price?: number;
  inventory_stock?: boolean;
  published?: boolean;
  publish_at?: string;
  apply_discount?: boolean;
  discount_unit?: '%' | 'CASH';
  discount_amount?: number;
  apply_shipping?: boolean;
}

/** A published, in-stock product at 12.50 with shipping and no discount, unless told otherwise. */
export async function makeProduct(payload: Payload, input: ProductInput = {}): Promise<Doc> {
  categoryId ??= String(
    (await payload.create({ collection: 'categories', data: { name: `Pantry ${uid()}` }, overrideAccess: true })).id,
  );
  return (await payload.create({
    collection: 'products',
    data: {
      name: `Olive oil ${uid()}`,
      price: 12.5,
      inventory_stock: true,
      published: true,
      apply_discount: false,
      discount_unit: '%',
      discount_amount: 0,
      apply_shipping: true,
      categories: [categoryId],
      ...input,
    },
    overrideAccess: true,
  })) as unknown as Doc;
}

export interface ApproveBody {
  payer?: { name?: { given_name?: string; surname?: string }; email_address?: string };
  shipping?: { name?: { full_name: string }; address?: Record<string, string> };
  capture_status?: 'COMPLETED' | 'PENDING' | 'DECLINED';
  capture_amount?: string;
  webhook?: false;
}

/**
 * The buyer approves at the emulator. Its automatic webhook is off unless `webhook` is left out on purpose
 * by passing `{ webhook: undefined }`: a webhook arriving mid-test would finish orders behind the test's back.
 */
export async function approve(
  shop: InProcessShop,
  paypalOrderId: string,
  body: ApproveBody = {},
): Promise<PayPalOrder> {
  const res = await fetch(`${shop.baseUrl}/__paypal/v2/checkout/orders/${paypalOrderId}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhook: false, ...body }),
  });
  if (res.status !== 200) throw new Error(`approve ${paypalOrderId}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as PayPalOrder;
}

/** PayPal captures without the shop hearing the answer (the shop died mid-call). */
export async function captureAtPayPal(shop: InProcessShop, paypalOrderId: string): Promise<PayPalOrder> {
  const { clientId, clientSecret } = readEmulatorCredentials(shop.dataDir)!;
  const tokenRes = await fetch(`${shop.baseUrl}/__paypal/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${shop.baseUrl}/__paypal/v2/checkout/orders/${paypalOrderId}/capture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
  });
  if (res.status !== 201) throw new Error(`capture at PayPal: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as PayPalOrder;
}

/** PayPal's back office clears a PENDING capture (emulator-only route). */
export async function clearPendingCapture(shop: InProcessShop, captureId: string): Promise<void> {
  const res = await fetch(`${shop.baseUrl}/__paypal/v2/payments/captures/${captureId}/complete`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`complete ${captureId}: HTTP ${res.status} ${await res.text()}`);
}

export async function paymentOf(payload: Payload, paypalOrderId: string): Promise<Doc> {
  const res = await payload.find({
    collection: 'payments',
    where: { paypal_order_id: { equals: paypalOrderId } },
    depth: 0,
    overrideAccess: true,
  });
  if (res.docs.length !== 1) throw new Error(`${res.docs.length} payment records for ${paypalOrderId}`);
  return res.docs[0] as unknown as Doc;
}

export async function ordersOf(payload: Payload, paypalOrderId: string): Promise<Doc[]> {
  const res = await payload.find({
    collection: 'orders',
    where: { paypal_order_id: { equals: paypalOrderId } },
    depth: 0,
    overrideAccess: true,
  });
  return res.docs as unknown as Doc[];
}

export async function orderById(payload: Payload, id: string): Promise<Doc> {
  return (await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })) as unknown as Doc;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
