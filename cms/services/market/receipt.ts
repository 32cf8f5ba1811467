import type { Payload } from 'payload';
import { type AdminMarketDay, formatMoney, type MarketSale } from '@shop/shared/admin';
import { escapeHtml, mailDocument } from '../order-mail';

/**
 * The short receipt a stall buyer may ask for (issue 32 §2): what was bought, at what price, the discount, the
 * total and how it was paid. Sent once, by the request that recorded the sale; never by the reconciler (a
 * market sale's order carries its mails as sent), so a lost mail is lost rather than sent twice.
 */
export function renderSaleReceipt(
  day: AdminMarketDay,
  sale: MarketSale,
): { subject: string; text: string; html: string } {
  const rows: Array<[string, string]> = sale.lines.map((l) => [
    `${l.quantity} × ${l.product}`,
    formatMoney(l.line_total),
  ]);
  if (sale.discount > 0)
    rows.push([`Discount${sale.discount_label ? ` (${sale.discount_label})` : ''}`, formatMoney(-sale.discount)]);
  rows.push(['Total', formatMoney(sale.total)]);
  if (sale.payment === 'cash' && sale.cash_received !== null) {
    rows.push(['Cash received', formatMoney(sale.cash_received)], ['Change', formatMoney(sale.change_given ?? 0)]);
  } else {
    rows.push(['Paid by', sale.payment === 'card' ? 'Card' : 'Cash']);
  }
  const where = `${day.place}, ${day.date}`;
  const subject = `Your receipt from the market (${where}): ${formatMoney(sale.total)}`;
  const text = [
    `Thank you for buying at our stall, ${where}.`,
    `Receipt ${sale.number}`,
    '',
    ...rows.map(([a, b]) => `${a}: ${b}`),
  ].join('\n');
  const html = mailDocument(
    `<p>Thank you for buying at our stall, ${escapeHtml(where)}.</p><p>Receipt ${escapeHtml(sale.number)}</p><table style="border-collapse:collapse;width:100%">${rows
      .map(
        ([a, b]) =>
          `<tr><td style="padding:2px 0">${escapeHtml(a)}</td><td style="text-align:right">${escapeHtml(b)}</td></tr>`,
      )
      .join('')}</table>`,
  );
  return { subject, text, html };
}

/** Never throws: the sale is recorded whether or not the mail goes. */
export async function sendSaleReceipt(payload: Payload, day: AdminMarketDay, sale: MarketSale): Promise<void> {
  if (!sale.receipt_email) return;
  try {
    await payload.sendEmail({ to: sale.receipt_email, ...renderSaleReceipt(day, sale) });
  } catch (err) {
    payload.logger.warn({ err, msg: `market sale ${sale.number}: receipt not sent` });
  }
}
