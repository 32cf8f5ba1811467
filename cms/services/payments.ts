import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Payload, SelectType } from 'payload';
import {
  cartTotals,
  cartTotalsWithCoupon,
  type OrderLine,
  type PaymentReply,
  PICKUP_SHIPMENT_METHOD,
  toAmountString,
} from '@shop/shared';
import type { z } from 'zod';
import type { paymentCaptureSchema, paymentCreateSchema } from '@shop/shared';
import { isOnStorefront } from '../access/published-or-admin';
import { AppError, badRequest, notFound } from '../lib/app-error';
import { stripControlCharacters } from '../lib/control-characters';
import type { OrderLineRecord } from '../lib/order-line-record';
import { emitLiveEvent } from '../lib/live-events';
import { generateOrderNumber } from '../lib/order-number';
import { ordersChangedAfterCommit } from './admin/sales-figures';
import type { Doc } from './mappers';
import { coordinatesForPostalCode } from './geocode';
import { sendNewOrderNotices } from './order-notices';
import { refundMismatchedCapture } from './refunds';
import { toPublicOrder } from './orders';
import { paypal } from './paypal/instance';
import { isCountryAllowed } from './payment-countries';
import { PayPalApiError } from './paypal/client';
import type { PayPalCapture, PayPalOrder } from './paypal/types';
import { getSettings } from './settings';
import { customerIdOf } from '../lib/customer-id';
import { giveBackStock, keepStock, takeStock } from './stock';
import { giveBackCouponUse, keepCouponUse, takeCouponUse } from './coupon-uses';
import { refuseCouponChangedSinceCreate, type StoredCoupon, usableCoupon } from './coupons';
import { pickupDayForCheckout } from './market/pickup-days';
import { indexOrderForSearch } from '../lib/order-search-mongo';

/** The parsed body; callers inside the server (tests, the seed) may leave the code out. */
type CreateInput = Omit<z.output<typeof paymentCreateSchema>, 'coupon_code' | 'pickup_day_id'> & {
  coupon_code?: string | null;
  pickup_day_id?: string | null;
};
type CaptureInput = z.output<typeof paymentCaptureSchema>;

export const UNPRICED_PRODUCTS = 'Some products have no price yet and cannot be ordered';

/** A priced cart line as stored on the payment record and copied onto the order. */
interface PricedLine extends OrderLine {
  apply_shipping: boolean;
  category_ids: string[];
  img_id: string | null;
}

/** Same ceiling as one cart line, also after duplicate lines are merged. */
const MAX_LINE_QUANTITY = 999;

const idOf = (v: unknown) => String(typeof v === 'object' && v !== null ? (v as Doc).id : v);

/** What pricing reads of a product: the rest of the document (description, images' metadata…) is not loaded. */
const PRICING_FIELDS: SelectType = {
  name: true,
  price: true,
  published: true,
  publish_at: true,
  inventory_stock: true,
  stock_quantity: true,
  apply_discount: true,
  discount_unit: true,
  discount_amount: true,
  apply_shipping: true,
  categories: true,
  img: true,
};

/**
 * Prices the cart from the database: only in-stock products on the storefront (published, any scheduled
 * time come), at today's prices and discounts, with the shipment fee from the settings. Whatever the browser
 * believes a price is never enters here.
 */
async function priceCart(
  payload: Payload,
  items: CreateInput['products'],
  couponCode: string | null = null,
  { pickup = false }: { pickup?: boolean } = {},
) {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  const ids = [...quantities.keys()];
  const overLimit = ids.filter((id) => quantities.get(id)! > MAX_LINE_QUANTITY);
  if (overLimit.length > 0) {
    throw badRequest({ message: `At most ${MAX_LINE_QUANTITY} of one product per order`, products: overLimit });
  }
  // One read of every product in the cart, through the database adapter: the Local API's operation (access,
  // hooks, afterRead traversal) adds nothing to a server-side read of a few fields, and cost most of this read.
  const res = await payload.db.find({
    collection: 'products',
    where: { id: { in: ids } },
    limit: ids.length,
    pagination: false,
    select: PRICING_FIELDS,
  });
  const byId = new Map((res.docs as Doc[]).map((d) => [String(d.id), d]));
  const unavailable = ids.filter((id) => {
    const doc = byId.get(id);
    return !doc || !isOnStorefront(doc) || !doc.inventory_stock;
  });
  if (unavailable.length > 0) {
    throw badRequest({ message: 'Some products are not available any more', unavailable });
  }
  // A product published at $0 before the price rule existed (issue 25 §1.1) is never sold for nothing.
  const unpriced = ids.filter((id) => !(Number(byId.get(id)!.price ?? 0) > 0));
  if (unpriced.length > 0) {
    throw badRequest({ message: UNPRICED_PRODUCTS, unpriced });
  }
  // A counted product sells at most what is left (the capture takes the units for good: services/stock.ts).
  for (const id of ids) {
    const doc = byId.get(id)!;
    const left = doc.stock_quantity;
    if (typeof left === 'number' && quantities.get(id)! > left) {
      throw badRequest({
        message: `Only ${left} of ${String(doc.name)} left`,
        product: { id, name: String(doc.name), available: left },
      });
    }
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
  // An order collected at the market (issue 32 §4) travels nowhere: no shipping fee.
  const shipmentAmount = pickup ? 0 : settings.shipment_amount;
  // A discount code comes off the goods after the products' own discounts (issue 24 §3): checked against
  // them (its minimum), and refused with the reason before PayPal hears of the order.
  const plain = cartTotalsWithCoupon(lines, shipmentAmount, null);
  const coupon: StoredCoupon | null = couponCode
    ? await usableCoupon(payload, couponCode, plain.subtotal, settings.currency_code)
    : null;
  const totals = coupon ? cartTotalsWithCoupon(lines, shipmentAmount, coupon) : plain;
  if (totals.total <= 0) throw badRequest('The order total must be above zero');
  return { lines, totals, settings, coupon };
}

/** Hash of the secret handed to the browser at create: the payment record keeps only this. */
const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Turns "PayPal is not configured" (a production install without credentials) into the shopper's 503. */
async function callPayPal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw paypalFailure(err);
  }
}

/** POST payments/create: a PayPal order for the server-priced cart, remembered as a payment record. */
export async function createPayment(payload: Payload, input: CreateInput): Promise<PaymentReply> {
  // A pickup day that cannot be chosen is refused before anything is priced or PayPal hears of the order.
  const pickupDay = input.pickup_day_id ? await pickupDayForCheckout(payload, input.pickup_day_id) : null;
  const { lines, totals, settings, coupon } = await priceCart(payload, input.products, input.coupon_code ?? null, {
    pickup: pickupDay !== null,
  });
  const currency = settings.currency_code;
  const money = (n: number) => ({ currency_code: currency, value: toAmountString(n) });
  const order = await callPayPal(() =>
    paypal().createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: 'default',
            description: 'Bottega di Famiglia order',
            // PayPal echoes it on the order and its capture, so whichever path finishes the payment (the
            // capture, the webhook, the reconciler) learns the day from PayPal's answer.
            ...(pickupDay ? { custom_id: `${PICKUP_REFERENCE}${pickupDay.id}` } : {}),
            amount: {
              ...money(totals.total),
              breakdown: {
                item_total: money(totals.itemsTotal),
                shipping: money(totals.shipping),
                // The products' own discounts and the discount code's, together: item_total − discount +
                // shipping = amount, as PayPal checks.
                discount: money(totals.discountTotal + totals.couponDiscount),
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
        // Collected at the market: PayPal asks the buyer for no address and the order carries none. In
        // application_context rather than payment_source.paypal.experience_context, which would tie the order
        // to the PayPal wallet: the card button pays such an order too.
        ...(pickupDay ? { application_context: { shipping_preference: 'NO_SHIPPING' as const } } : {}),
      },
      randomUUID(),
    ),
  );
  // The browser's proof that it started this checkout: capturing (and so learning the order's id, and with
  // it the payer's name and address) needs it, the PayPal order id alone is not enough.
  const secret = randomBytes(24).toString('base64url');
  // Written through the adapter (one INSERT, not read back): every value is made here or by PayPal's parsed
  // answer, so the Local API's validation and hooks had nothing to check, and its re-read nothing to tell.
  const now = new Date().toISOString();
  await payload.db.create({
    collection: 'payments',
    data: {
      paypal_order_id: order.id,
      status: 'CREATED',
      secret_hash: secretHash(secret),
      currency_code: currency,
      total: toAmountString(totals.total),
      shipment_amount: totals.shipping,
      shipment_method: pickupDay ? PICKUP_SHIPMENT_METHOD : settings.shipment_method,
      lines: stripControlCharacters(lines),
      ...(coupon ? { coupon_id: coupon.id, coupon_code: coupon.code, coupon_discount: totals.couponDiscount } : {}),
      createdAt: now,
      updatedAt: now,
    },
    returning: false,
  });
  return { status: 'CREATED', id: order.id, secret };
}

function secretMatches(payment: Doc, secret: string): boolean {
  const expected = Buffer.from(String(payment.secret_hash ?? ''), 'utf8');
  const given = Buffer.from(secretHash(secret), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Payment and order records are read through the adapter: no access rules or hooks apply to them here. */
async function findPayment(payload: Payload, paypalOrderId: string): Promise<Doc | null> {
  return (await payload.db.findOne({
    collection: 'payments',
    where: { paypal_order_id: { equals: paypalOrderId } },
  })) as Doc | null;
}

async function findOrderByPayPalId(payload: Payload, paypalOrderId: string): Promise<Doc | null> {
  return (await payload.db.findOne({
    collection: 'orders',
    where: { paypal_order_id: { equals: paypalOrderId } },
  })) as Doc | null;
}

/** custom_id of a PayPal order collected at the market: this prefix and the market day's id. */
const PICKUP_REFERENCE = 'pickup-day:';

/** The market day a PayPal order is to be collected at (its custom_id), or null when it is shipped. */
function pickupDayIdOf(order: PayPalOrder, capture?: PayPalCapture): string | null {
  const reference = capture?.custom_id ?? order.purchase_units?.[0]?.custom_id ?? '';
  return reference.startsWith(PICKUP_REFERENCE) ? reference.slice(PICKUP_REFERENCE.length) || null : null;
}

const firstCapture = (order: PayPalOrder): PayPalCapture | undefined =>
  order.purchase_units?.[0]?.payments?.captures?.[0];

/** What the shop keeps of a completed capture: everything the order is made from, so PayPal need not be asked again. */
interface CapturedPayment {
  capture_id: string;
  status: string;
  currency_code: string;
  gross: string;
  fee: string;
  net: string;
  payer_full_name: string;
  payer_email_address: string;
  shipment_full_name: string;
  /** Collected at this market day (issue 32 §4): no address. Absent on records made before. */
  pickup_day_id?: string | null;
  address: {
    address_line_1: string;
    address_line_2: string;
    admin_area_1: string;
    admin_area_2: string;
    postal_code: string;
    country_code: string;
  };
}

function capturedFrom(order: PayPalOrder, capture: PayPalCapture): CapturedPayment {
  const shipping = order.purchase_units?.[0]?.shipping;
  const address = shipping?.address;
  const breakdown = capture.seller_receivable_breakdown;
  const payerName = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(' ');
  const pickupDayId = pickupDayIdOf(order, capture);
  return {
    capture_id: capture.id,
    status: capture.status,
    currency_code: capture.amount.currency_code,
    gross: breakdown?.gross_amount?.value ?? capture.amount.value,
    fee: breakdown?.paypal_fee?.value ?? '0.00',
    net: breakdown?.net_amount?.value ?? capture.amount.value,
    payer_full_name: payerName || shipping?.name?.full_name || '',
    payer_email_address: order.payer?.email_address ?? '',
    shipment_full_name: shipping?.name?.full_name ?? payerName,
    ...(pickupDayId ? { pickup_day_id: pickupDayId } : {}),
    address: {
      address_line_1: address?.address_line_1 ?? '',
      address_line_2: address?.address_line_2 ?? '',
      admin_area_1: address?.admin_area_1 ?? '',
      admin_area_2: address?.admin_area_2 ?? '',
      postal_code: address?.postal_code ?? '',
      country_code: address?.country_code ?? '',
    },
  };
}

function orderLinesOf(payment: Doc): OrderLineRecord[] {
  return (payment.lines as PricedLine[]).map<OrderLineRecord>((l) => ({
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
}

/**
 * A payment record's bookkeeping, written straight through the database adapter: one UPDATE of the row, with
 * none of the Local API's document round trip (hooks, validation, re-reading), which tripled the writes of a
 * capture. The values come from this service and PayPal's parsed answer, never from a request body.
 */
async function updatePayment(payload: Payload, payment: Doc, data: Record<string, unknown>): Promise<Doc> {
  const row = { ...data, updatedAt: new Date().toISOString() };
  await payload.db.updateOne({ collection: 'payments', id: String(payment.id), data: row, returning: false });
  return { ...payment, ...row };
}

/** An array row's id in the form Payload gives them (24 hex digits, like a MongoDB ObjectId). */
const newRowId = () => randomBytes(12).toString('hex');

/**
 * Inserts the order for a captured payment through the database adapter, doing itself what the Orders
 * collection's hooks do on a create (the order number, text cleaned of control characters, the sales figures'
 * caches cleared), with the same functions they call; cms/collections/Orders/hooks.test.ts fails when a hook
 * is added that this function does not mirror. The row and its lines, and only the new id read back. The Local API's create validated data
 * made entirely here and from PayPal's parsed answer, ran those hooks and re-read the whole order with its
 * lines, at several times the cost. Returns the order as stored, its mails claimed by this call.
 */
async function insertOrder(payload: Payload, payment: Doc): Promise<InsertedOrder> {
  const captured = payment.captured as CapturedPayment;
  const coordinates = coordinatesForPostalCode(captured.address.postal_code, captured.address.country_code);
  const claimedAt = new Date();
  const now = claimedAt.toISOString();
  const data = stripControlCharacters({
    number: generateOrderNumber(),
    status: 'NEW',
    paypal_order_id: String(payment.paypal_order_id),
    payer_full_name: captured.payer_full_name,
    payer_email_address: captured.payer_email_address,
    // assignCustomerId's step: the customer of the payer email as stored (cleaned like the rest of the row).
    customer_id: customerIdOf(stripControlCharacters(captured.payer_email_address)),
    shipment_full_name: captured.shipment_full_name,
    shipment_amount: Number(payment.shipment_amount ?? 0),
    shipment_method: String(payment.shipment_method ?? ''),
    shipment_address: captured.address,
    pickup_day_id: captured.pickup_day_id ?? null,
    transaction_id: captured.capture_id,
    transaction_status: captured.status,
    transaction_gross_amount: captured.gross,
    transaction_paypal_fee: captured.fee,
    transaction_net_amount: captured.net,
    currency_code: captured.currency_code,
    coupon_code: typeof payment.coupon_code === 'string' && payment.coupon_code ? payment.coupon_code : null,
    coupon_discount:
      typeof payment.coupon_code === 'string' && payment.coupon_code ? Number(payment.coupon_discount ?? 0) : null,
    latitude: coordinates?.[0] ?? null,
    longitude: coordinates?.[1] ?? null,
    products: orderLinesOf(payment).map((line) => ({ id: newRowId(), ...line })),
    // The order's two mails are claimed by whoever inserts it, in the insert itself (a write and its fsync
    // fewer per checkout than claiming them next): a kill before they are sent leaves claims that lapse, and
    // the reconciler sends them then (order-notices.ts), as after a kill between a claim and its send.
    confirmation_claimed_at: now,
    shop_notice_claimed_at: now,
    createdAt: now,
    updatedAt: now,
  });
  const created = await payload.db.create({ collection: 'orders', data, select: { id: true } });
  // The Orders collection's afterChange hook that keeps the search index on MongoDB (SQLite: triggers).
  await indexOrderForSearch(payload, { ...data, id: created.id });
  await ordersChangedAfterCommit(payload, [now]);
  // Here and only here: every path to a paid order (capture, webhook, reconciler) inserts it through this
  // function, and a lost race throws above, so each order is announced exactly once.
  emitLiveEvent({
    type: 'order.paid',
    data: {
      id: String(created.id),
      number: data.number,
      total: Number(data.transaction_gross_amount),
      currency: data.currency_code,
      customer: data.payer_full_name,
    },
  });
  return { order: { ...data, id: String(created.id) }, mailsClaimedAt: claimedAt };
}

/** An order as ensureOrder found or made it; `mailsClaimedAt` when this call inserted it and so holds its mails' claims. */
interface InsertedOrder {
  order: Doc;
  mailsClaimedAt: Date | null;
}

/**
 * The order for a captured payment, made at most once from the payment record alone. The unique
 * paypal_order_id on orders is the guard that holds across requests, processes and the webhook: a second
 * insert fails and the existing order is used. The insert comes first, since on the shopper's capture there
 * is no order yet; only a failed one looks for the order another path made. Payload's SQLite adapter writes an
 * order's row and its lines in separate statements, so a kill between them leaves an order without lines:
 * those are refilled from the record here, whoever comes next.
 */
async function ensureOrder(payload: Payload, payment: Doc): Promise<InsertedOrder> {
  const paypalOrderId = String(payment.paypal_order_id);
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return await insertOrder(payload, payment);
    } catch (err) {
      failure = err;
      // Lost the race to another capture or the webhook, or a crash interrupted an earlier finisher: theirs
      // is the order.
      const existing = await findOrderByPayPalId(payload, paypalOrderId);
      if (existing) return { order: await repairLines(payload, existing, payment), mailsClaimedAt: null };
      // Else the database refused the row, or (once in 5·10¹¹) the order number was drawn twice: once more.
    }
  }
  const captured = payment.captured as CapturedPayment;
  payload.logger.error({
    err: failure,
    msg: `PayPal ${paypalOrderId}: captured ${captured.capture_id}, order not saved yet`,
  });
  throw new AppError(500, 'The payment was received but the order could not be saved yet; it will be shortly');
}

async function repairLines(payload: Payload, order: Doc, payment: Doc): Promise<Doc> {
  if (Array.isArray(order.products) && order.products.length > 0) return order;
  payload.logger.warn({ msg: `order ${String(order.number)}: lines missing after an interrupted write, refilled` });
  return (await payload.update({
    collection: 'orders',
    id: String(order.id),
    data: { products: orderLinesOf(payment) },
    overrideAccess: true,
  })) as Doc;
}

export interface FinishOptions {
  /**
   * Send the order's two mails after answering instead of before: the shopper's capture does not wait for
   * the mail server. Nothing is lost by it: the order is saved before the answer, and a mail that fails or
   * is cut short by a stop is sent by the reconciler (order-notices.ts: an unsent mail's claim lapses).
   */
  mailsAfterReply?: boolean;
}

/**
 * From a captured payment to the finished shop side: the order, the payment pointing at it, and the two
 * mails. `payment` carries what PayPal reported (`captured`, `capture_id`), from the record (status CAPTURED,
 * or COMPLETED) or just learned from PayPal (any other status): then it is written with the outcome, in one
 * write, COMPLETED with the order, or CAPTURED when the order could not be saved, from which the reconciler
 * makes it without asking PayPal again. Every step is safe to repeat, so the capture, its retry, the webhook
 * and the reconciler may all call this; a crash before the write leaves the payment CAPTURING or PENDING,
 * and whoever finishes it asks PayPal.
 */
export async function completeCapturedPayment(
  payload: Payload,
  payment: Doc,
  { mailsAfterReply = false }: FinishOptions = {},
): Promise<string> {
  const recorded = payment.status === 'CAPTURED' || payment.status === 'COMPLETED';
  const learned = recorded ? {} : { capture_id: payment.capture_id, captured: payment.captured };
  let order: Doc;
  let mailsClaimedAt: Date | null;
  try {
    ({ order, mailsClaimedAt } = await ensureOrder(payload, payment));
  } catch (err) {
    if (!recorded) {
      await updatePayment(payload, payment, { status: 'CAPTURED', ...learned }).catch((e: unknown) =>
        payload.logger.error({ err: e, msg: `PayPal ${String(payment.paypal_order_id)}: capture not recorded` }),
      );
    }
    throw err;
  }
  // Written by every path: whichever writes last, the record ends COMPLETED even when a slower path (the
  // webhook beside the capture) recorded CAPTURED after another's COMPLETED.
  if (payment.status !== 'COMPLETED' || !payment.order) {
    await updatePayment(payload, payment, { status: 'COMPLETED', order: order.id, ...learned });
  }
  // The units taken before the capture stay sold, and the discount code's use stays counted.
  await keepStock(payload, payment);
  await keepCouponUse(payload, payment);
  const notices = sendNewOrderNotices(payload, toPublicOrder(order), { claimedAt: mailsClaimedAt });
  if (mailsAfterReply) {
    void notices.catch((err: unknown) =>
      payload.logger.warn({ err, msg: `order ${String(order.number)}: mails left to the reconciler` }),
    );
  } else {
    await notices;
  }
  return String(order.id);
}

type CaptureReply = PaymentReply & { httpStatus: number };

/**
 * Checks what PayPal reports for a captured order and finishes the shop side. Refusals (declined, pending,
 * another amount) are written at once; a completed capture goes to the record with the order.
 */
async function finishFromPayPalOrder(
  payload: Payload,
  payment: Doc,
  order: PayPalOrder,
  options: FinishOptions = {},
): Promise<CaptureReply> {
  const capture = firstCapture(order);
  if (capture?.status === 'PENDING') {
    await updatePayment(payload, payment, { status: 'PENDING', capture_id: capture.id });
    // Money is promised but not settled: the webhook (or the reconciler) completes the order when it is.
    return { status: 'PENDING', id: String(payment.paypal_order_id), httpStatus: 202 };
  }
  if (!capture || capture.status !== 'COMPLETED') {
    await updatePayment(payload, payment, { status: capture?.status === 'DECLINED' ? 'DECLINED' : 'FAILED' });
    await giveBackHolds(payload, payment, 'payment declined');
    throw new AppError(402, 'The payment was declined');
  }
  if (capture.amount?.value !== payment.total || capture.amount?.currency_code !== payment.currency_code) {
    await updatePayment(payload, payment, {
      status: 'FAILED',
      capture_id: capture.id,
      failure: `captured ${capture.amount?.value} ${capture.amount?.currency_code}, priced ${String(payment.total)} ${String(payment.currency_code)}`,
    });
    payload.logger.error({
      msg: `PayPal ${String(payment.paypal_order_id)}: captured amount differs from the priced cart; refunding it`,
    });
    // Money taken for no order goes back at once, and the family hears of it (services/refunds.ts).
    await refundMismatchedCapture(payload, payment, capture).catch((err: unknown) =>
      payload.logger.error({ err, msg: `PayPal ${String(payment.paypal_order_id)}: automatic refund not made` }),
    );
    await giveBackHolds(payload, payment, 'captured amount refunded');
    throw new AppError(409, 'Captured amount does not match the order');
  }
  const withCapture =
    payment.status === 'CAPTURED' || payment.status === 'COMPLETED'
      ? payment
      : { ...payment, capture_id: capture.id, captured: capturedFrom(order, capture) };
  const id = await completeCapturedPayment(payload, withCapture, options);
  return { status: 'COMPLETED', id, httpStatus: 200 };
}

/** Concurrent captures of one PayPal order in this process share one run; other processes meet the unique index. */
const capturesInFlight = new Map<string, Promise<CaptureReply>>();

/** POST payments/capture. */
export async function capturePayment(
  payload: Payload,
  input: CaptureInput,
  options: FinishOptions = {},
): Promise<CaptureReply> {
  if (input.id && input.id !== input.orderId) throw badRequest('The payment id does not match the order id');
  const payment = await findPayment(payload, input.orderId);
  // Unknown, or known but without this browser's proof: the same answer, so neither can be told apart.
  if (!payment || !secretMatches(payment, input.secret)) throw notFound('Payment not found');
  if (payment.order) return { status: 'COMPLETED', id: idOf(payment.order), httpStatus: 200 };
  return captureOnce(payload, payment, options);
}

/** Settles when no capture of this PayPal order runs in this process (at once when none does), whatever its end. */
export async function captureSettled(paypalOrderId: string): Promise<void> {
  await capturesInFlight.get(paypalOrderId)?.catch(() => undefined);
}

function captureOnce(payload: Payload, payment: Doc, options: FinishOptions = {}): Promise<CaptureReply> {
  const key = String(payment.paypal_order_id);
  const running = capturesInFlight.get(key);
  if (running) return running;
  const run = doCapture(payload, payment, options).finally(() => capturesInFlight.delete(key));
  capturesInFlight.set(key, run);
  return run;
}

async function doCapture(payload: Payload, payment: Doc, options: FinishOptions): Promise<CaptureReply> {
  const paypalOrderId = String(payment.paypal_order_id);
  if (payment.status === 'CAPTURED') {
    return { status: 'COMPLETED', id: await completeCapturedPayment(payload, payment, options), httpStatus: 200 };
  }
  const current = await callPayPal(() => paypal().getOrder(paypalOrderId));
  if (current.status === 'COMPLETED') {
    // Captured earlier (another tab, a retry, or before a crash): finish the shop side only.
    return finishFromPayPalOrder(payload, payment, current, options);
  }
  if (current.status !== 'APPROVED') throw badRequest('The payment is not approved yet');

  const settings = await getSettings(payload);
  const country = current.purchase_units?.[0]?.shipping?.address?.country_code ?? '';
  // An order collected at the market has no address, and goes to no country.
  if (pickupDayIdOf(current) === null && !isCountryAllowed(country, settings.payment_country)) {
    throw new AppError(400, { message: 'The shipping country is not accepted', country });
  }

  // The discount code as it stands now, before anything is taken: a code switched off, ended or with a
  // higher minimum since the payment was made is refused (409) with nothing taken and nothing charged.
  const goods = cartTotals(payment.lines as PricedLine[], 0).subtotal;
  await refuseCouponChangedSinceCreate(payload, payment, goods, settings.currency_code);

  // The units first, in one conditional write each (none left: 409, and PayPal is never asked), noted on the
  // product and the payment before PayPal is called, so a crash from here on never loses or doubles them.
  const stocked = await takeStock(payload, payment);
  // Then the discount code's use, the same way (its last use goes to one shopper only: 409 for the others,
  // with the units they took given back).
  let taken: Doc;
  try {
    taken = await takeCouponUse(payload, stocked);
  } catch (err) {
    await giveBackStock(payload, stocked, 'not captured: discount code used up');
    throw err;
  }
  // Said before the call: if the process dies while PayPal captures, the reconciler knows to ask PayPal.
  const capturing = taken.status === 'CAPTURING' ? taken : await updatePayment(payload, taken, { status: 'CAPTURING' });
  let captured: PayPalOrder;
  try {
    // A fixed request id makes a retried capture idempotent at PayPal.
    captured = await paypal().captureOrder(paypalOrderId, `capture-${paypalOrderId}`);
  } catch (err) {
    if (err instanceof PayPalApiError && err.details?.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED')) {
      captured = await callPayPal(() => paypal().getOrder(paypalOrderId));
    } else {
      // PayPal refused the capture outright (a 4xx answer): no money moved, the units go back. Without an
      // answer (5xx, no connection) the capture may have happened: the units wait for the reconciler.
      if (err instanceof PayPalApiError && err.status >= 400 && err.status < 500) {
        await giveBackHolds(payload, capturing, 'capture refused');
      }
      throw paypalFailure(err);
    }
  }
  return finishFromPayPalOrder(payload, capturing, captured, options);
}

/** The checkout did not become an order: its units and its discount code's use go back. */
async function giveBackHolds(payload: Payload, payment: Doc, reason: string): Promise<void> {
  await giveBackStock(payload, payment, reason);
  await giveBackCouponUse(payload, payment);
}

function paypalFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof PayPalApiError) {
    const issue = err.details?.[0]?.issue ?? err.name;
    if (err.status === 503 && err.name === 'PAYPAL_NOT_CONFIGURED')
      return new AppError(503, 'Payments are not available');
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
  if (payment.status === 'CAPTURED') return { order: await completeCapturedPayment(payload, payment) };
  const order = await callPayPal(() => paypal().getOrder(paypalOrderId));
  if (firstCapture(order)?.status !== 'COMPLETED') return { order: null };
  const reply = await finishFromPayPalOrder(payload, payment, order);
  return { order: reply.status === 'COMPLETED' ? reply.id : null };
}

/** Payments that news of a capture can still move on; the others are finished one way or another. */
const WAITING_STATUSES = new Set(['CREATED', 'CAPTURING', 'CAPTURED', 'PENDING']);

/** Is a webhook about this PayPal order worth verifying? Only when the shop has a payment still waiting for it. */
export async function awaitsWebhook(payload: Payload, paypalOrderId: string): Promise<boolean> {
  const payment = await findPayment(payload, paypalOrderId);
  return Boolean(payment && !payment.order && WAITING_STATUSES.has(String(payment.status)));
}

/**
 * The reconciler's part for one payment left unfinished: ask PayPal what happened and finish it, capture an
 * order the shopper approved but whose capture never reached PayPal, or give up on a checkout PayPal no
 * longer holds. Returns what it did.
 */
export async function reconcilePayment(
  payload: Payload,
  payment: Doc,
  { abandonBefore }: { abandonBefore: Date },
): Promise<'completed' | 'pending' | 'abandoned' | 'unchanged' | 'failed'> {
  const paypalOrderId = String(payment.paypal_order_id);
  if (payment.status === 'CAPTURED') {
    await completeCapturedPayment(payload, payment);
    return 'completed';
  }
  let current: PayPalOrder;
  try {
    current = await paypal().getOrder(paypalOrderId);
  } catch (err) {
    if (err instanceof PayPalApiError && err.status === 404) {
      await updatePayment(payload, payment, { status: 'ABANDONED', failure: 'PayPal does not know the order' });
      await giveBackHolds(payload, payment, 'payment abandoned');
      return 'abandoned';
    }
    throw err;
  }
  const old = Date.parse(String(payment.createdAt)) < abandonBefore.getTime();
  if (current.status === 'COMPLETED') {
    try {
      const reply = await finishFromPayPalOrder(payload, payment, current);
      return reply.status === 'COMPLETED' ? 'completed' : 'pending';
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return 'failed';
      throw err;
    }
  }
  const startedCapture =
    payment.status === 'CAPTURING' ||
    (payment.status === 'CREATED' && (payment.stock_state === 'TAKING' || payment.coupon_state === 'TAKING'));
  if (current.status === 'APPROVED' && startedCapture) {
    // The shopper approved and the shop started capturing (it said CAPTURING, or took the units, which it
    // does only for a capture), but the call never reached PayPal: finish it.
    try {
      const reply = await captureOnce(payload, payment);
      return reply.status === 'COMPLETED' ? 'completed' : 'pending';
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      // Refused for good (e.g. the shipping country is no longer accepted): no money moved, and asking again
      // every round would change nothing.
      await updatePayment(payload, payment, {
        status: 'FAILED',
        failure: `not captured: ${JSON.stringify(err.result)}`,
      });
      await giveBackHolds(payload, payment, 'payment not captured');
      return 'failed';
    }
  }
  if (old) {
    await updatePayment(payload, payment, { status: 'ABANDONED' });
    await giveBackHolds(payload, payment, 'payment abandoned');
    return 'abandoned';
  }
  return 'unchanged';
}
