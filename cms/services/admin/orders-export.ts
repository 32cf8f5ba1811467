import type { Payload } from 'payload';
import {
  fromCents,
  type MoneyFigures,
  orderFigures,
  type OrderMoneyFields,
  orderTotalsWithCoupon,
  toAmountString,
  toCents,
  type OrderStatus,
} from '@shop/shared/admin';
import { str, type Doc } from '../mappers';
import { toOrderLines } from '../orders';
import { csvResponse, datedFilename, pagesOf, type CsvColumn } from './csv-stream';
import { adminOrdersSort, adminOrdersWhere, type AdminOrdersFilter, type OrdersTab } from './orders';
import type { AdminUser } from './sales';

/** One order as the export writes it: the stored record plus the totals worked out once per row. */
interface ExportRow {
  doc: Doc;
  trackingNumber: string;
  address: Record<string, unknown>;
  totals: ReturnType<typeof orderTotalsWithCoupon>;
  /** The ledger's figures (ledger.ts), the same as on every screen. */
  money: MoneyFigures;
  items: string;
}

const money = (n: number) => toAmountString(n);
const cents = (c: number) => toAmountString(fromCents(c));

const COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'Order number', value: (r) => str(r.doc.number) },
  { header: 'Date (UTC)', value: (r) => utcDateTime(str(r.doc.createdAt)) },
  { header: 'Status', value: (r) => str(r.doc.status) as OrderStatus },
  // Issue 32: a sale at the market stall is an order too, paid in cash or by card there.
  { header: 'Channel', value: (r) => (isMarketSale(r.doc) ? 'Market' : 'Online') },
  { header: 'Payment', value: (r) => PAYMENT_TEXT[str(r.doc.payment_method)] ?? 'PayPal' },
  { header: 'Customer name', value: (r) => str(r.doc.payer_full_name) },
  { header: 'Email', value: (r) => str(r.doc.payer_email_address) },
  { header: 'Ship to', value: (r) => str(r.doc.shipment_full_name) },
  { header: 'Address line 1', value: (r) => str(r.address.address_line_1) },
  { header: 'Address line 2', value: (r) => str(r.address.address_line_2) },
  { header: 'City', value: (r) => str(r.address.admin_area_2) },
  { header: 'State', value: (r) => str(r.address.admin_area_1) },
  { header: 'Postal code', value: (r) => str(r.address.postal_code), keepAsText: true },
  { header: 'Country', value: (r) => str(r.address.country_code) },
  { header: 'Items', value: (r) => r.items },
  { header: 'Subtotal', value: (r) => money(r.totals.itemsTotal) },
  { header: 'Discount', value: (r) => money(r.totals.discountTotal) },
  // Issue 24 §3: the code the order was paid with and what it took off the products (after their discounts).
  { header: 'Discount code', value: (r) => str(r.doc.coupon_code) },
  { header: 'Code discount', value: (r) => money(r.totals.couponDiscount) },
  { header: 'Shipping', value: (r) => money(r.totals.shipping) },
  { header: 'Total', value: (r) => money(r.totals.total) },
  { header: 'Currency', value: (r) => str(r.doc.currency_code) || 'USD' },
  { header: 'Shipment method', value: (r) => str(r.doc.shipment_method) },
  { header: 'PayPal transaction id', value: (r) => str(r.doc.transaction_id) },
  // Issue 30 §3: the ledger's five figures under its names, so Gross − Refunds = Sales and Sales − Fees = Net
  // in every row and the column sums of a month equal its analytics row.
  { header: 'Gross', value: (r) => cents(r.money.grossCents) },
  { header: 'Refunds', value: (r) => cents(r.money.refundsCents) },
  { header: 'Fees', value: (r) => cents(r.money.feesCents) },
  { header: 'Sales', value: (r) => cents(r.money.salesCents) },
  { header: 'Net', value: (r) => cents(r.money.netCents) },
  { header: 'Tracking number', value: (r) => r.trackingNumber, keepAsText: true },
];

const isMarketSale = (doc: Doc) => doc.channel === 'market';
const PAYMENT_TEXT: Record<string, string> = { paypal: 'PayPal', cash: 'Cash', card: 'Card' };

/** "2026-11-24 05:07": sorts as text and reads the same in every spreadsheet locale. */
function utcDateTime(iso: string): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '';
}

/**
 * Subtotal − Discount − Code discount + Shipping = Total in every row. A stall sale's own discount (percent or
 * cash off the whole sale, issue 32 §2) is part of its Discount, beside the products' own discounts.
 */
function totalsOf(doc: Doc, lines: ReturnType<typeof toOrderLines>): ExportRow['totals'] {
  const totals = orderTotalsWithCoupon(
    lines,
    Number(doc.shipment_amount ?? 0) || 0,
    Number(doc.coupon_discount ?? 0) || 0,
  );
  const stallDiscountCents = isMarketSale(doc) ? toCents(Number(doc.market_discount ?? 0) || 0) : 0;
  if (stallDiscountCents === 0) return totals;
  return {
    ...totals,
    discountTotal: fromCents(toCents(totals.discountTotal) + stallDiscountCents),
    total: fromCents(Math.max(0, toCents(totals.total) - stallDiscountCents)),
  };
}

function toRow(doc: Doc, trackingNumber: string): ExportRow {
  const lines = toOrderLines(doc.products);
  return {
    doc,
    trackingNumber,
    address: (doc.shipment_address ?? {}) as Record<string, unknown>,
    totals: totalsOf(doc, lines),
    money: orderFigures(doc as OrderMoneyFields),
    items: lines.map((l) => `${l.quantity}× ${l.product}`).join('; '),
  };
}

/**
 * The tracking number of each order on the page: it lives on the timeline, on the newest change to SHIPPED
 * (an order shipped twice, after a mistake, shows the later number). One query per page.
 */
async function trackingNumbers(payload: Payload, user: AdminUser, orderIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!orderIds.length) return found;
  const res = await payload.find({
    collection: 'order-events',
    where: { and: [{ order: { in: orderIds } }, { type: { equals: 'status' } }, { to: { equals: 'SHIPPED' } }] },
    select: { order: true, tracking_number: true },
    sort: ['-at', '-createdAt'],
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  for (const event of res.docs as Doc[]) {
    const order = String(event.order);
    const number = str(event.tracking_number);
    if (number && !found.has(order)) found.set(order, number);
  }
  return found;
}

/** The list's filters without paging, or the selected orders (`ids`), which then replace them. */
export type OrdersExportFilter = Omit<AdminOrdersFilter, 'page' | 'limit'> & { ids?: string[] };

async function* exportPages(payload: Payload, user: AdminUser, tab: OrdersTab, filter: OrdersExportFilter) {
  const where = filter.ids ? { id: { in: filter.ids } } : await adminOrdersWhere(payload, tab, filter);
  if (!where) return;
  for await (const docs of pagesOf(payload, user, { collection: 'orders', where, sort: adminOrdersSort(filter) })) {
    const tracking = await trackingNumbers(
      payload,
      user,
      docs.map((d) => String(d.id)),
    );
    yield docs.map((d) => toRow(d, tracking.get(String(d.id)) ?? ''));
  }
}

/**
 * The orders list as currently filtered (tab, status, number, payer search, sort), or the orders selected in
 * it (issue 25 §1.14), as a CSV download, streamed page by page from the database.
 */
export function exportOrdersCsv(
  payload: Payload,
  user: AdminUser,
  tab: OrdersTab,
  filter: OrdersExportFilter,
): Response {
  return csvResponse(
    datedFilename(filter.ids ? 'orders-selected' : tab === 'archive' ? 'orders-archive' : 'orders'),
    COLUMNS,
    exportPages(payload, user, tab, filter),
    (err) => payload.logger.error({ err, msg: 'orders export failed mid-stream' }),
  );
}
