import { randomUUID } from 'node:crypto';
import type { Payload } from 'payload';
import { cartTotals, type OrderLine, type PaymentReply, toAmountString } from '@shop/shared';
import type { z } from 'zod';
import type { paymentCaptureSchema, paymentCreateSchema } from '@shop/shared';
import { isOnStorefront } from '../access/published-or-admin';
import { AppError, badRequest, notFound } from '../lib/app-error';
import type { OrderLineRecord } from '../collections/Orders/order-line-record';
import type { Doc } from './mappers';
import { coordinatesForPostalCode } from './geocode';
import { sendOrderConfirmation } from './order-mail';
import { toPublicOrder } from './orders';
import { paypal } from './paypal/instance';
import { isCountryAllowed } from './payment-countries';
import { PayPalApiError } from './paypal/client';
import type { PayPalCapture, PayPalOrder } from './paypal/types';
import { getSettings } from './settings';

type CreateInput = z.output<typeof paymentCreateSchema>;
type CaptureInput = z.output<typeof paymentCaptureSchema>;

/** A priced cart line as stored on the payment record and copied onto the order. */
interface PricedLine extends OrderLine {
  apply_shipping: boolean;
  category_ids: string[];
  img_id: string | null;
}

/** Same ceiling as one cart line, also after duplicate lines are merged. */
const MAX_LINE_QUANTITY = 999;

const idOf = (v: unknown) => String(typeof v === 'object' && v !== null ? (v as Doc).id : v);

/**
 * Prices the cart from the database: only in-stock products on the storefront (published, any scheduled
 * time come), at today's prices and discounts, with the shipment fee from the settings. Whatever the browser
 * believes a price is never enters here.
 */
async function priceCart(payload: Payload, items: CreateInput['products']) {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  const ids = [...quantities.keys()];
  const overLimit = ids.filter((id) => quantities.get(id)! > MAX_LINE_QUANTITY);
  if (overLimit.length > 0) {
    throw badRequest({ message: `At most ${MAX_LINE_QUANTITY} of one product per order`, products: overLimit });
  }
  const res = await payload.find({
    collection: 'products',
    where: { id: { in: ids } },
    limit: ids.length,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  });
  const byId = new Map((res.docs as Doc[]).map((d) => [String(d.id), d]));
  const unavailable = ids.filter((id) => {
    const doc = byId.get(id);
    return !doc || !isOnStorefront(doc) || !doc.inventory_stock;
  });
  if (unavailable.length > 0) {
    throw badRequest({ message: 'Some products are not available any more', unavailable });
  }
  const lines: PricedLine[] = ids.map((id) => {
    const d = byId.get(id)!;
    return {
      id,
      product: String(d.name),
      price: Number(d.price ?? 0),
      quantity: quantities.get(id)!,
      apply_discount: Boolean(d.apply_discount),
      discount_unit: (d.discount_unit === 'CASH' ? 'CASH' : '%') as PricedLine['discount_unit'],
      discount_amount: Number(d.discount_amount ?? 0),
      apply_shipping: Boolean(d.apply_shipping),
      category_ids: Array.isArray(d.categories) ? d.categories.map(idOf) : [],
      img_id: d.img ? idOf(d.img) : null,
    };
  });
  const settings = await getSettings(payload);
  const totals = cartTotals(lines, settings.shipment_amount);
  if (totals.total <= 0) throw badRequest('The order total must be above zero');
  return { lines, totals, settings };
}

/** POST payments/create: a PayPal order for the server-priced cart, remembered as a payment record. */
export async function createPayment(payload: Payload, input: CreateInput): Promise<PaymentReply> {
  const { lines, totals, settings } = await priceCart(payload, input.products);
  const currency = settings.currency_code;
  const money = (n: number) => ({ currency_code: currency, value: toAmountString(n) });
  const order = await paypal().createOrder(
    {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'default',
          description: 'Bottega di Famiglia order',
          amount: {
            ...money(totals.total),
            breakdown: {
              item_total: money(totals.itemsTotal),
              shipping: money(totals.shipping),
              discount: money(totals.discountTotal),
            },
          },
          items: lines.map((l) => ({
            name: l.product.slice(0, 127),
            sku: l.id.slice(0, 127),
            quantity: String(l.quantity),
            unit_amount: money(l.price),
            category: 'PHYSICAL_GOODS' as const,
          })),
        },
      ],
    },
    randomUUID(),
  );
  await payload.create({
    collection: 'payments',
    data: {
      paypal_order_id: order.id,
      status: 'CREATED',
      currency_code: currency,
      total: toAmountString(totals.total),
      shipment_amount: totals.shipping,
      shipment_method: settings.shipment_method,
      lines,
    },
    overrideAccess: true,
  });
  return { status: 'CREATED', id: order.id };
}

async function findPayment(payload: Payload, paypalOrderId: string): Promise<Doc | null> {
  const res = await payload.find({
    collection: 'payments',
    where: { paypal_order_id: { equals: paypalOrderId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  return (res.docs[0] as Doc | undefined) ?? null;
}

async function findOrderByPayPalId(payload: Payload, paypalOrderId: string): Promise<Doc | null> {
  const res = await payload.find({
    collection: 'orders',
    where: { paypal_order_id: { equals: paypalOrderId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  return (res.docs[0] as Doc | undefined) ?? null;
}

const firstCapture = (order: PayPalOrder): PayPalCapture | undefined =>
  order.purchase_units?.[0]?.payments?.captures?.[0];

/**
 * Turns a completed PayPal capture into the shop order, exactly once. The unique paypal_order_id on orders
 * is the guard that holds across requests, processes and the webhook: a second insert fails and the
 * existing order is returned instead.
 */
async function completeOrder(payload: Payload, payment: Doc, paypalOrder: PayPalOrder): Promise<string> {
  const paypalOrderId = String(payment.paypal_order_id);
  const existing = await findOrderByPayPalId(payload, paypalOrderId);
  if (existing) return String(existing.id);

  const capture = firstCapture(paypalOrder);
  if (!capture || capture.status !== 'COMPLETED') throw new AppError(409, 'Payment is not completed');
  if (capture.amount?.value !== payment.total || capture.amount?.currency_code !== payment.currency_code) {
    await markPayment(payload, payment, 'FAILED', `captured ${capture.amount?.value} ${capture.amount?.currency_code}`);
    payload.logger.error({ msg: `PayPal ${paypalOrderId}: captured amount differs from the priced cart` });
    throw new AppError(409, 'Captured amount does not match the order');
  }
  const unit = paypalOrder.purchase_units?.[0];
  const shipping = unit?.shipping;
  const address = shipping?.address;
  const breakdown = capture.seller_receivable_breakdown;
  const payerName = [paypalOrder.payer?.name?.given_name, paypalOrder.payer?.name?.surname].filter(Boolean).join(' ');
  const coordinates = coordinatesForPostalCode(address?.postal_code, address?.country_code);
  const lines = (payment.lines as PricedLine[]).map<OrderLineRecord>((l) => ({
    product_id: l.id,
    product: l.product,
    price: l.price,
    quantity: l.quantity,
    apply_discount: l.apply_discount,
    discount_unit: l.discount_unit,
    discount_amount: l.discount_amount,
    apply_shipping: l.apply_shipping,
    category_ids: l.category_ids,
    img_id: l.img_id,
  }));
  let order: Doc;
  try {
    order = (await payload.create({
      collection: 'orders',
      data: {
        status: 'NEW',
        paypal_order_id: paypalOrderId,
        payer_full_name: payerName || shipping?.name?.full_name || '',
        payer_email_address: paypalOrder.payer?.email_address ?? '',
        shipment_full_name: shipping?.name?.full_name ?? payerName,
        shipment_amount: Number(payment.shipment_amount ?? 0),
        shipment_method: String(payment.shipment_method ?? ''),
        shipment_address: {
          address_line_1: address?.address_line_1 ?? '',
          address_line_2: address?.address_line_2 ?? '',
          admin_area_1: address?.admin_area_1 ?? '',
          admin_area_2: address?.admin_area_2 ?? '',
          postal_code: address?.postal_code ?? '',
          country_code: address?.country_code ?? '',
        },
        transaction_id: capture.id,
        transaction_status: capture.status,
        transaction_gross_amount: breakdown?.gross_amount?.value ?? capture.amount.value,
        transaction_paypal_fee: breakdown?.paypal_fee?.value ?? '0.00',
        transaction_net_amount: breakdown?.net_amount?.value ?? capture.amount.value,
        currency_code: capture.amount.currency_code,
        latitude: coordinates?.[0],
        longitude: coordinates?.[1],
        products: lines,
        confirmation_sent_at: new Date().toISOString(),
      },
      overrideAccess: true,
    })) as Doc;
  } catch (err) {
    // Lost the race to another capture or the webhook: theirs is the order.
    const winner = await findOrderByPayPalId(payload, paypalOrderId);
    if (winner) return String(winner.id);
    // The money is captured but the order could not be saved: keep every trace for the shop to act on.
    payload.logger.error({ err, msg: `PayPal ${paypalOrderId}: captured ${capture.id} but the order was not saved` });
    await payload
      .update({
        collection: 'payments',
        id: String(payment.id),
        data: { status: 'FAILED', capture_id: capture.id, failure: `order not saved: ${String(err).slice(0, 500)}` },
        overrideAccess: true,
      })
      .catch((e: unknown) => payload.logger.error({ err: e, msg: 'could not record the failed payment' }));
    throw new AppError(500, 'The payment was received but the order could not be saved; the shop has been notified');
  }
  await payload.update({
    collection: 'payments',
    id: String(payment.id),
    data: { status: 'COMPLETED', capture_id: capture.id, order: order.id },
    overrideAccess: true,
  });
  await sendOrderConfirmation(payload, toPublicOrder(order), { notifyShop: true });
  return String(order.id);
}

async function markPayment(payload: Payload, payment: Doc, status: string, failure?: string) {
  await payload.update({
    collection: 'payments',
    id: String(payment.id),
    data: { status, ...(failure ? { failure } : {}) },
    overrideAccess: true,
  });
}

/** Concurrent captures of one PayPal order in this process share one run; other processes meet the unique index. */
const capturesInFlight = new Map<string, Promise<PaymentReply & { httpStatus: number }>>();

/** POST payments/capture. */
export function capturePayment(payload: Payload, input: CaptureInput): Promise<PaymentReply & { httpStatus: number }> {
  if (input.id && input.id !== input.orderId) throw badRequest('The payment id does not match the order id');
  const running = capturesInFlight.get(input.orderId);
  if (running) return running;
  const run = doCapture(payload, input.orderId).finally(() => capturesInFlight.delete(input.orderId));
  capturesInFlight.set(input.orderId, run);
  return run;
}

async function doCapture(payload: Payload, paypalOrderId: string): Promise<PaymentReply & { httpStatus: number }> {
  const payment = await findPayment(payload, paypalOrderId);
  // Only orders this shop created can be captured here.
  if (!payment) throw notFound('Payment not found');
  if (payment.order) return { status: 'COMPLETED', id: idOf(payment.order), httpStatus: 200 };

  let current: PayPalOrder;
  try {
    current = await paypal().getOrder(paypalOrderId);
  } catch (err) {
    throw paypalFailure(err);
  }
  if (current.status === 'COMPLETED') {
    // Captured earlier (another tab, or before a crash): finish the shop side only.
    return finishFromPayPalOrder(payload, payment, current);
  }
  if (current.status !== 'APPROVED') throw badRequest('The payment is not approved yet');

  const settings = await getSettings(payload);
  const country = current.purchase_units?.[0]?.shipping?.address?.country_code ?? '';
  if (!isCountryAllowed(country, settings.payment_country)) {
    throw new AppError(400, { message: 'The shipping country is not accepted', country });
  }

  let captured: PayPalOrder;
  try {
    // A fixed request id makes a retried capture idempotent at PayPal.
    captured = await paypal().captureOrder(paypalOrderId, `capture-${paypalOrderId}`);
  } catch (err) {
    if (err instanceof PayPalApiError && err.details?.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED')) {
      return finishFromPayPalOrder(payload, payment, await paypal().getOrder(paypalOrderId));
    }
    throw paypalFailure(err);
  }
  return finishFromPayPalOrder(payload, payment, captured);
}

async function finishFromPayPalOrder(
  payload: Payload,
  payment: Doc,
  order: PayPalOrder,
): Promise<PaymentReply & { httpStatus: number }> {
  const capture = firstCapture(order);
  if (capture?.status === 'PENDING') {
    await markPayment(payload, payment, 'PENDING');
    // Money is promised but not settled: the webhook completes the order when PayPal says so.
    return { status: 'PENDING', id: String(payment.paypal_order_id), httpStatus: 202 };
  }
  if (!capture || capture.status !== 'COMPLETED') {
    await markPayment(payload, payment, capture?.status === 'DECLINED' ? 'DECLINED' : 'FAILED');
    throw new AppError(402, 'The payment was declined');
  }
  const id = await completeOrder(payload, payment, order);
  return { status: 'COMPLETED', id, httpStatus: 200 };
}

function paypalFailure(err: unknown): AppError {
  if (err instanceof PayPalApiError) {
    const issue = err.details?.[0]?.issue ?? err.name;
    if (err.status === 404) return notFound('PayPal order not found');
    if (err.status === 422 || err.status === 400) return new AppError(422, { message: err.message, issue });
  }
  return new AppError(502, 'The payment provider did not answer');
}

/**
 * PAYMENT.CAPTURE.COMPLETED from PayPal, for a shopper whose browser never came back or whose capture was
 * pending. Replays are harmless: the order is created at most once.
 */
export async function completeFromWebhook(payload: Payload, paypalOrderId: string): Promise<{ order: string | null }> {
  const payment = await findPayment(payload, paypalOrderId);
  if (!payment) return { order: null };
  if (payment.order) return { order: idOf(payment.order) };
  const order = await paypal().getOrder(paypalOrderId);
  const capture = firstCapture(order);
  if (capture?.status !== 'COMPLETED') return { order: null };
  return { order: await completeOrder(payload, payment, order) };
}
