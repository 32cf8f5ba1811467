import type { Payload } from 'payload';
import {
  discountedUnitPrice,
  formatLongDate,
  formatMoney,
  lineTotal,
  ORDER_STATUS_DISPLAY,
  orderTotalsWithCoupon,
  pickupText,
  type PublicOrder,
  summaryLineAmount,
  summaryLineLabel,
  summaryLines,
  toCents,
} from '@shop/shared';
import { env } from '../lib/env';
import { getSettings } from './settings';
import { findPickupDay } from './market/pickup-days';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const orderPageUrl = (orderId: string) => `${env.publicUrl}/site/orders/${orderId}`;

export function addressLines(order: PublicOrder): string[] {
  const a = order.shipment_address;
  return [
    order.shipment_full_name,
    a.address_line_1,
    a.address_line_2 ?? '',
    `${a.admin_area_2}, ${a.admin_area_1} ${a.postal_code}`,
    a.country_code,
  ].filter(Boolean);
}

/**
 * The shop's mail page (confirmation, shipping and delivery mails): `inner` is HTML already escaped; the page
 * closes with the family's greeting. Narrow phones get a little margin.
 */
export const mailDocument = (inner: string): string =>
  `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:Georgia,serif;color:#3b3a30;max-width:600px;margin:auto;padding:0 12px">
${inner}
<p>Grazie mille — Bottega di Famiglia</p></body></html>`;

/**
 * The summary rows (issue 31 §2) of the lines, the discount code and the fee as priced at payment, read top to
 * bottom as the cart and the order page read them; the total is what PayPal actually charged.
 */
function summaryOf(order: PublicOrder): Array<{ label: string; amount: string; key: string }> {
  const totals = orderTotalsWithCoupon(order.products, order.shipment_amount, order.coupon_discount);
  return summaryLines(totals, {
    couponCode: order.coupon_code,
    pickup: Boolean(order.pickup_day_id),
    totalLabel: 'Total paid',
    totalCents: order.transaction_gross_amount.trim() ? toCents(Number(order.transaction_gross_amount)) : undefined,
  }).map((line) => ({
    key: line.key,
    label: summaryLineLabel(line),
    amount: summaryLineAmount(line, order.currency_code),
  }));
}

function summaryRowHtml(row: { label: string; amount: string; key: string }, index: number): string {
  const rule = index === 0 ? 'border-top:1px solid #ccc;' : '';
  const [open, close] = row.key === 'total' ? ['<strong>', '</strong>'] : ['', ''];
  return `<tr><td style="${rule}padding:2px 0">${open}${escapeHtml(row.label)}${close}</td><td style="${rule}text-align:right">${open}${escapeHtml(row.amount)}${close}</td></tr>`;
}

export function renderConfirmation(order: PublicOrder): { subject: string; text: string; html: string } {
  const money = (n: number) => formatMoney(n, order.currency_code);
  const summary = summaryOf(order);
  const url = orderPageUrl(order.id);
  const rows = order.products.map((p) => ({
    name: p.product,
    quantity: p.quantity,
    unit: discountedUnitPrice(p),
    total: lineTotal(p),
  }));
  const subject = `Your order ${order.number} — thank you!`;
  const text = [
    `Dear ${order.payer_full_name},`,
    '',
    `Thank you for your order ${order.number} of ${formatLongDate(order.created_at)}.`,
    `Status: ${ORDER_STATUS_DISPLAY[order.status].text}`,
    '',
    ...rows.map((r) => `${r.quantity} × ${r.name} — ${money(r.total)}`),
    '',
    ...summary.map((row) => `${row.label}: ${row.amount}`),
    '',
    ...(order.pickup ? [`${pickupText(order.pickup)}.`] : ['Shipping to:', ...addressLines(order)]),
    '',
    `Track your order: ${url}`,
    `Your order number: ${order.number}`,
    '',
    'Grazie mille — Bottega di Famiglia',
  ]
    .filter((l): l is string => l !== null)
    .join('\n');
  const html = mailDocument(`<h1 style="color:#5a6e2c">Grazie, ${escapeHtml(order.payer_full_name)}!</h1>
<p>Your order <strong>${escapeHtml(order.number)}</strong> of ${escapeHtml(formatLongDate(order.created_at))} is received.</p>
<table style="width:100%;border-collapse:collapse">${rows
    .map(
      (r) =>
        `<tr><td style="padding:4px 0">${r.quantity} × ${escapeHtml(r.name)}</td><td style="text-align:right">${escapeHtml(money(r.total))}</td></tr>`,
    )
    .join('')}
${summary.map(summaryRowHtml).join('\n')}</table>
${
  order.pickup
    ? `<h3>Pick up at the market</h3><p data-pickup>${escapeHtml(pickupText(order.pickup))}</p>`
    : `<h3>Shipping to</h3><p>${addressLines(order).map(escapeHtml).join('<br>')}</p>`
}
<p><a href="${escapeHtml(url)}" style="color:#b5502d">See your order</a> — order number ${escapeHtml(order.number)}</p>`);
  return { subject, text, html };
}

/** An order collected at the market with its day's place, date and hours, which the mails name. */
export async function withPickupDay(payload: Payload, order: PublicOrder): Promise<PublicOrder> {
  if (!order.pickup_day_id || order.pickup) return order;
  return { ...order, pickup: await findPickupDay(payload, order.pickup_day_id) };
}

/** Headers that put a later mail about the order (shipped, delivered) in the thread of its confirmation. */
export function orderThreadHeaders(order: Pick<PublicOrder, 'id'>): { inReplyTo: string; references: string[] } {
  const thread = orderMessageId(order, 'confirmation');
  return { inReplyTo: thread, references: [thread] };
}

/**
 * The Message-ID of an order's first confirmation or shop notice, the same on every attempt. A sender killed
 * after the mail server accepted the mail but before the order recorded it cannot know it was sent, so the
 * reconciler sends it again; being the same message (RFC 5322 §3.6.4), mail systems show it once.
 */
export function orderMessageId(order: Pick<PublicOrder, 'id'>, kind: 'confirmation' | 'shop-notice'): string {
  const domain = env.mailFrom.split('@')[1] || 'shop.invalid';
  return `<order-${order.id}-${kind}@${domain}>`;
}

/**
 * The confirmation to the payer. Throws when the transport refused it (the caller decides on a retry).
 * `resend`: the shopper asked for it again, so it is a new message (a repeated Message-ID would be hidden).
 */
export async function sendPayerConfirmation(
  payload: Payload,
  order: PublicOrder,
  { resend = false }: { resend?: boolean } = {},
): Promise<void> {
  // PayPal always gives the payer's address; an order without one has nobody to write to.
  if (!order.payer_email_address) return;
  const mail = renderConfirmation(await withPickupDay(payload, order));
  await payload.sendEmail({
    to: order.payer_email_address,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(resend ? {} : { messageId: orderMessageId(order, 'confirmation') }),
  });
}

/** The shop's "new order" notice to the settings' admin_email. Throws when the transport refused it. */
export async function sendShopNotice(payload: Payload, order: PublicOrder): Promise<void> {
  const { admin_email } = await getSettings(payload);
  if (!admin_email) return;
  const mail = renderConfirmation(await withPickupDay(payload, order));
  await payload.sendEmail({
    to: admin_email,
    subject: `New order ${order.number}: ${formatMoney(order.transaction_gross_amount, order.currency_code)}`,
    text: `New order ${order.number} from ${order.payer_full_name} <${order.payer_email_address}>.\n\n${mail.text}`,
    messageId: orderMessageId(order, 'shop-notice'),
  });
}
