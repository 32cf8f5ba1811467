import type { Payload } from 'payload';
import {
  discountedUnitPrice,
  formatLongDate,
  formatMoney,
  lineTotal,
  ORDER_STATUS_DISPLAY,
  orderTotalsWithCoupon,
  type PublicOrder,
} from '@shop/shared';
import { env } from '../lib/env';
import { getSettings } from './settings';

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

/** The lines, the discount code and the fee as priced at payment; the total shown is what PayPal actually charged. */
function totalsOf(order: PublicOrder) {
  return {
    ...orderTotalsWithCoupon(order.products, order.shipment_amount, order.coupon_discount),
    total: Number(order.transaction_gross_amount),
  };
}

/** "Discount code SUMMER10: −$2.50", or null for an order without a code. */
function couponLine(order: PublicOrder, amount: number): string | null {
  return order.coupon_code ? `Discount code ${order.coupon_code}: ${formatMoney(-amount, order.currency_code)}` : null;
}

export function renderConfirmation(order: PublicOrder): { subject: string; text: string; html: string } {
  const money = (n: number) => formatMoney(n, order.currency_code);
  const totals = totalsOf(order);
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
    `thank you for your order ${order.number} of ${formatLongDate(order.created_at)}.`,
    `Status: ${ORDER_STATUS_DISPLAY[order.status].text}`,
    '',
    ...rows.map((r) => `${r.quantity} × ${r.name} — ${money(r.total)}`),
    '',
    // The lines above are already at their discounted prices: they add up to the subtotal.
    `Subtotal: ${money(totals.subtotal)}`,
    couponLine(order, totals.couponDiscount),
    `Shipping: ${money(totals.shipping)}`,
    `Total paid: ${money(totals.total)}`,
    totals.discountTotal > 0 ? `You saved ${money(totals.discountTotal)} with our offers.` : null,
    '',
    'Shipping to:',
    ...addressLines(order),
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
<tr><td style="border-top:1px solid #ccc">Subtotal</td><td style="border-top:1px solid #ccc;text-align:right">${escapeHtml(money(totals.subtotal))}</td></tr>
${order.coupon_code ? `<tr><td>Discount code ${escapeHtml(order.coupon_code)}</td><td style="text-align:right">${escapeHtml(money(-totals.couponDiscount))}</td></tr>` : ''}
<tr><td>Shipping</td><td style="text-align:right">${escapeHtml(money(totals.shipping))}</td></tr>
<tr><td><strong>Total paid</strong></td><td style="text-align:right"><strong>${escapeHtml(money(totals.total))}</strong></td></tr></table>
${totals.discountTotal > 0 ? `<p>You saved ${escapeHtml(money(totals.discountTotal))} with our offers.</p>` : ''}
<h3>Shipping to</h3><p>${addressLines(order).map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(url)}" style="color:#b5502d">See your order</a> — order number ${escapeHtml(order.number)}</p>`);
  return { subject, text, html };
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
  const mail = renderConfirmation(order);
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
  const mail = renderConfirmation(order);
  await payload.sendEmail({
    to: admin_email,
    subject: `New order ${order.number}: ${formatMoney(order.transaction_gross_amount, order.currency_code)}`,
    text: `New order ${order.number} from ${order.payer_full_name} <${order.payer_email_address}>.\n\n${mail.text}`,
    messageId: orderMessageId(order, 'shop-notice'),
  });
}
