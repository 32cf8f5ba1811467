import type { Payload } from 'payload';
import { formatMoney, type PublicOrder, type Refund } from '@shop/shared';
import { env } from '../lib/env';
import { escapeHtml, mailDocument, orderMessageId, orderPageUrl } from './order-mail';

export function renderRefundMail(order: PublicOrder, refund: Refund): { subject: string; text: string; html: string } {
  const amount = formatMoney(refund.amount, refund.currency_code);
  const url = orderPageUrl(order.id);
  const subject = `Refund of ${amount} for your order ${order.number}`;
  const text = [
    `Dear ${order.payer_full_name},`,
    '',
    `We have refunded ${amount} of your order ${order.number} to your PayPal account.`,
    refund.reason ? `Reason: ${refund.reason}` : null,
    'PayPal usually shows it within a few days.',
    '',
    `Your order: ${url}`,
    '',
    'Grazie mille — Bottega di Famiglia',
  ]
    .filter((l): l is string => l !== null)
    .join('\n');
  const html = mailDocument(`<h1 style="color:#5a6e2c">Refund of ${escapeHtml(amount)}</h1>
<p>Dear ${escapeHtml(order.payer_full_name)},</p>
<p>We have refunded <strong>${escapeHtml(amount)}</strong> of your order <strong>${escapeHtml(order.number)}</strong> to your PayPal account.</p>
${refund.reason ? `<p>Reason: ${escapeHtml(refund.reason)}</p>` : ''}
<p>PayPal usually shows it within a few days.</p>
<p><a href="${escapeHtml(url)}" style="color:#b5502d">See your order</a> — order number ${escapeHtml(order.number)}</p>`);
  return { subject, text, html };
}

/**
 * The shopper's refund mail, in the order's thread (In-Reply-To its confirmation), with a Message-ID of its
 * own per refund: a mail re-sent after a crash is the same message and shows once. Throws when refused.
 */
export async function sendRefundMail(payload: Payload, order: PublicOrder, refund: Refund): Promise<void> {
  if (!order.payer_email_address) return;
  const mail = renderRefundMail(order, refund);
  const domain = env.mailFrom.split('@')[1] || 'shop.invalid';
  const thread = orderMessageId(order, 'confirmation');
  await payload.sendEmail({
    to: order.payer_email_address,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<refund-${refund.id}@${domain}>`,
    inReplyTo: thread,
    references: [thread],
  });
}
