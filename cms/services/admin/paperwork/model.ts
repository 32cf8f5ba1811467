import {
  type AdminOrder,
  countryName,
  formatAdminDate,
  formatCents,
  formatMoney,
  lineTotal,
  orderFigures,
  orderTotalsWithCoupon,
  paymentStatusText,
  pickupWhen,
  summaryLineAmount,
  summaryLineLabel,
  summaryLines,
  toCents,
} from '@shop/shared/admin';
import { pdfText } from './pdf-text';

/**
 * What the papers print, already as text: every amount is formatted here, with the same shared pricing and
 * formatting the order page uses, so a paper can never show a total the screen does not.
 */

export interface ShopHeader {
  name: string;
  /** Lines under the name: how to reach the shop. */
  lines: string[];
}

export interface PaperLine {
  name: string;
  quantity: number;
  /** The list price, as the order page's Price column shows it; the discount comes off in `total`. */
  unitPrice: string;
  /** "10%" or "$1.00", or "" without a discount. */
  discount: string;
  total: string;
}

export interface PaperTotals {
  /**
   * The summary as the order page reads it, top to bottom (issue 31 §2): items at full price, each saving
   * ("-$1.50": Helvetica has no minus sign, pdfText writes a hyphen), shipping, and the total PayPal charged.
   */
  rows: Array<{ label: string; amount: string }>;
  /**
   * The ledger's Refunds (ledger.ts: the shop's refunds and what a card issuer took back), "-$12.50", under
   * the total; null when nothing went back. One line, as on the order page, so Total − Refunded = paid.
   */
  refunded: string | null;
  /** The ledger's Sales: what the payer paid in the end, when anything went back; null otherwise. */
  paidAfterRefunds: string | null;
}

export interface PaperOrder {
  id: string;
  number: string;
  date: string;
  status: string;
  payerName: string;
  payerEmail: string;
  /** The heading over `shipTo`: "Ship to", "Pick up at" (an order collected at the market), "Sold at". */
  shipToTitle: string;
  shipTo: string[];
  /** "Paid with PayPal, transaction …", "Paid in cash at the market stall", "Paid by card at the market stall". */
  paidWith: string;
  shipmentMethod: string;
  transactionId: string;
  transactionStatus: string;
  lines: PaperLine[];
  totals: PaperTotals;
}

function discountText(line: AdminOrder['products'][number], currency: string): string {
  if (!line.apply_discount || !(line.discount_amount > 0)) return '';
  return line.discount_unit === '%' ? `${line.discount_amount}%` : formatMoney(line.discount_amount, currency);
}

function shipToLines(order: AdminOrder): string[] {
  const a = order.shipment_address;
  const cityLine = [a.admin_area_2, [a.admin_area_1, a.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [order.shipment_full_name, a.address_line_1, a.address_line_2 ?? '', cityLine, countryName(a.country_code)]
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Where the goods go: the parcel's address, the market day an order is collected at, or the stall itself. */
function destination(order: AdminOrder): { title: string; lines: string[] } {
  if (order.channel === 'market') return { title: 'Sold at', lines: ['The market stall'] };
  if (order.pickup_day_id) {
    const day = order.pickup;
    return {
      title: 'Pick up at',
      lines: [order.shipment_full_name || order.payer_full_name, ...(day ? [day.place, pickupWhen(day)] : [])]
        .map((line) => line.trim())
        .filter(Boolean),
    };
  }
  return { title: 'Ship to', lines: shipToLines(order) };
}

function paidWith(order: AdminOrder): string {
  if (order.channel === 'market') {
    return order.payment_method === 'card' ? 'Paid by card at the market stall' : 'Paid in cash at the market stall';
  }
  return order.transaction_id ? `Paid with PayPal, transaction ${order.transaction_id}` : 'Paid with PayPal';
}

/**
 * A stall sale's own discount (issue 32: percent or cash off the whole sale) as the row before its total: what
 * the goods came to less what the stall charged. Null for an online order or a sale without one.
 */
function stallDiscountRow(order: AdminOrder, itemsCents: number, grossCents: number, currency: string) {
  if (order.channel !== 'market' || grossCents >= itemsCents) return null;
  return { label: 'Stall discount', amount: pdfText(formatCents(grossCents - itemsCents, currency)) };
}

export function toPaperOrder(order: AdminOrder): PaperOrder {
  const currency = order.currency_code;
  const totals = orderTotalsWithCoupon(order.products, order.shipment_amount, order.coupon_discount);
  // An order always records what PayPal charged; one created by hand without it falls back to its lines.
  const gross = order.transaction_gross_amount.trim() === '' ? totals.total : order.transaction_gross_amount;
  const money = orderFigures({ ...order, transaction_gross_amount: gross });
  return {
    id: order.id,
    number: pdfText(order.number),
    date: formatAdminDate(order.created_at),
    status: order.status,
    payerName: pdfText(order.payer_full_name),
    payerEmail: pdfText(order.payer_email_address),
    shipToTitle: destination(order).title,
    shipTo: destination(order).lines.map(pdfText),
    paidWith: pdfText(paidWith(order)),
    shipmentMethod: pdfText(order.shipment_method),
    transactionId: pdfText(order.transaction_id),
    // A person reads it: "Partially refunded", not PARTIALLY_REFUNDED (issue 30 §1).
    transactionStatus: pdfText(paymentStatusText(order.transaction_status)),
    lines: order.products.map((line) => ({
      name: pdfText(line.product),
      quantity: line.quantity,
      unitPrice: formatMoney(line.price, currency),
      discount: discountText(line, currency),
      total: formatMoney(lineTotal(line), currency),
    })),
    totals: {
      rows: summaryLines(totals, {
        couponCode: order.coupon_code,
        pickup: Boolean(order.pickup_day_id),
        totalCents: toCents(Number(gross)),
      }).flatMap((row) => {
        const printed = { label: pdfText(summaryLineLabel(row)), amount: pdfText(summaryLineAmount(row, currency)) };
        if (row.key === 'shipping' && order.channel === 'market') return [];
        if (row.key !== 'total') return [printed];
        const stall = stallDiscountRow(order, toCents(totals.subtotal), toCents(Number(gross)), currency);
        return stall ? [stall, printed] : [printed];
      }),
      refunded: money.refundsCents > 0 ? pdfText(formatCents(-money.refundsCents, currency)) : null,
      paidAfterRefunds: money.refundsCents > 0 ? formatCents(money.salesCents, currency) : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Pick list

/** What the pick list needs to know of a product that is still in the catalogue. */
export interface CatalogProduct {
  name: string;
  /** Names of its categories. */
  categories: string[];
}

export interface PickRow {
  category: string;
  product: string;
  quantity: number;
}

/** Lines whose product has left the catalogue are picked last, under this heading. */
export const NO_CATEGORY = 'Not in the catalogue';

/** A product still sold but in no category (the form requires one, an import may not). */
export const UNCATEGORISED = 'Uncategorised';

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);

/**
 * Quantity per product summed over the orders, sorted by category then product name. A product in several
 * categories is picked under the first of them by name, so it shows once. Lines are keyed by product id;
 * a line without one (or of a deleted product) is keyed by its name.
 */
export function pickListRows(orders: readonly AdminOrder[], catalog: ReadonlyMap<string, CatalogProduct>): PickRow[] {
  const rows = new Map<string, PickRow>();
  for (const order of orders) {
    for (const line of order.products) {
      const known = line.id ? catalog.get(line.id) : undefined;
      const key = known ? `id:${line.id}` : `name:${line.product}`;
      const row = rows.get(key);
      if (row) {
        row.quantity += line.quantity;
        continue;
      }
      const category = known ? ([...known.categories].sort(byName)[0] ?? UNCATEGORISED) : NO_CATEGORY;
      rows.set(key, {
        category: pdfText(category),
        product: pdfText(known?.name ?? line.product),
        quantity: line.quantity,
      });
    }
  }
  return [...rows.values()].sort((a, b) => {
    if (a.category !== b.category) {
      if (a.category === NO_CATEGORY) return 1;
      if (b.category === NO_CATEGORY) return -1;
      return byName(a.category, b.category);
    }
    return byName(a.product, b.product);
  });
}
