import type { Payload } from 'payload';
import { type PublicOrder, shipmentLink, type ShippingCarrier, type TrackingLink } from '@shop/shared';
import { env } from '../lib/env';
import { addressLines, escapeHtml, mailDocument, orderPageUrl, orderThreadHeaders } from './order-mail';

/** The changes a shopper hears about by mail (issue 22 §2). */
export const MAILED_STATUSES = ['SHIPPED', 'DELIVERED'] as const;
export type MailedStatus = (typeof MAILED_STATUSES)[number];

export const isMailedStatus = (status: unknown): status is MailedStatus =>
  (MAILED_STATUSES as readonly unknown[]).includes(status);

/** What the timeline says once the mail server took the mail (an order-event of type `mail_sent`). */
export const STATUS_MAIL_NOTES: Record<MailedStatus, string> = {
  SHIPPED: 'Shipping mail sent to the shopper',
  DELIVERED: 'Delivery mail sent to the shopper',
};

export interface StatusMailInput {
  status: MailedStatus;
  /** The tracking number given with the change to SHIPPED, if any. */
  trackingNumber: string | null;
  /** The shop's link template (Settings), used for numbers no known carrier prints. */
  trackingTemplate?: string | null;
  /**
   * The carrier chosen when shipping (issue 31 §12) and the tracking URL given with OTHER: the link is that
   * carrier's. Absent (orders shipped before the choice), the carrier is guessed from the number.
   */
  carrier?: ShippingCarrier | null;
  trackingUrl?: string | null;
}

interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const LINK_STYLE = 'color:#b5502d';
const BUTTON_STYLE =
  'display:inline-block;background:#5a6e2c;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold';

function parcelLines(number: string | null, link: TrackingLink | null): { text: string[]; html: string } {
  if (!number) {
    const sentence = 'It travels without a tracking number, so there is no link to follow it; it will reach you soon.';
    return { text: [sentence], html: `<p>${escapeHtml(sentence)}</p>` };
  }
  const follow = link ? `Follow your parcel${link.carrier ? ` with ${link.carrier}` : ''}` : null;
  return {
    text: [`Tracking number: ${number}`, ...(link && follow ? [`${follow}: ${link.url}`] : [])],
    html: [
      `<p>Tracking number:<br><strong style="font-family:monospace;font-size:17px;overflow-wrap:anywhere">${escapeHtml(number)}</strong></p>`,
      link && follow
        ? `<p><a href="${escapeHtml(link.url)}" style="${BUTTON_STYLE}">${escapeHtml(follow)}</a></p>`
        : '',
    ].join('\n'),
  };
}

/** The shipped mail: the tracking number and a link to follow it, or that the parcel travels without one. */
function renderShipped(order: PublicOrder, input: StatusMailInput): RenderedMail {
  const number = input.trackingNumber;
  const url = orderPageUrl(order.id);
  const link = number
    ? shipmentLink(number, input.carrier ?? null, input.trackingUrl ?? null, input.trackingTemplate)
    : null;
  const parcel = parcelLines(number, link);
  const address = addressLines(order);
  const subject = `Your order ${order.number} is on its way`;
  const text = [
    `Dear ${order.payer_full_name},`,
    '',
    `Your order ${order.number} has left our shop and is on its way to you.`,
    ...parcel.text,
    '',
    'Shipping to:',
    ...address,
    '',
    `See your order: ${url}`,
    '',
    'Grazie mille — Bottega di Famiglia',
  ].join('\n');
  const html = mailDocument(`<h1 style="color:#5a6e2c">Your order is on its way</h1>
<p>Dear ${escapeHtml(order.payer_full_name)},</p>
<p>Your order <strong>${escapeHtml(order.number)}</strong> has left our shop and is on its way to you.</p>
${parcel.html}
<h3>Shipping to</h3><p>${address.map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(url)}" style="${LINK_STYLE}">See your order</a> — order number ${escapeHtml(order.number)}</p>`);
  return { subject, text, html };
}

function renderDelivered(order: PublicOrder): RenderedMail {
  const url = orderPageUrl(order.id);
  const subject = `Your order ${order.number} has been delivered`;
  const text = [
    `Dear ${order.payer_full_name},`,
    '',
    `Your order ${order.number} has been delivered. We hope you enjoy it!`,
    'If anything is missing or arrived damaged, just reply to this mail.',
    '',
    `See your order: ${url}`,
    '',
    'Grazie mille — Bottega di Famiglia',
  ].join('\n');
  const html = mailDocument(`<h1 style="color:#5a6e2c">Your order has been delivered</h1>
<p>Dear ${escapeHtml(order.payer_full_name)},</p>
<p>Your order <strong>${escapeHtml(order.number)}</strong> has been delivered. We hope you enjoy it!</p>
<p>If anything is missing or arrived damaged, just reply to this mail.</p>
<p><a href="${escapeHtml(url)}" style="${LINK_STYLE}">See your order</a> — order number ${escapeHtml(order.number)}</p>`);
  return { subject, text, html };
}

export function renderStatusMail(order: PublicOrder, input: StatusMailInput): RenderedMail {
  return input.status === 'SHIPPED' ? renderShipped(order, input) : renderDelivered(order);
}

/**
 * The Message-ID of the mail about one status change (`eventId`, its timeline event), the same on every
 * attempt: a mail sent again after a crash is the same message and shows once.
 */
export function statusMailMessageId(eventId: string): string {
  const domain = env.mailFrom.split('@')[1] || 'shop.invalid';
  return `<order-event-${eventId}@${domain}>`;
}

/**
 * Mails the shopper about the change `eventId`, in the order's thread (In-Reply-To and References its
 * confirmation). Throws when the transport refused it.
 */
export async function sendStatusMail(
  payload: Payload,
  order: PublicOrder,
  eventId: string,
  input: StatusMailInput,
): Promise<void> {
  const mail = renderStatusMail(order, input);
  await payload.sendEmail({
    to: order.payer_email_address,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: statusMailMessageId(eventId),
    ...orderThreadHeaders(order),
  });
}
