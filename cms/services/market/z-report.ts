import type { Payload } from 'payload';
import { type AdminMarketDayDetail, formatMoney } from '@shop/shared/admin';
import { env } from '../../lib/env';
import type { AdminUser } from '../admin/sales';
import { pdfText } from '../admin/paperwork/pdf-text';
import { getSettings } from '../settings';
import { getDayDetail } from './days';

/**
 * The Z-report of a market day (issue 32 §3): the day's figures as the closing counted them, its units per
 * product and every sale, one US Letter document made with pdfkit like the invoices (money printed as they print
 * it: formatMoney, the minus sign spelled for the PDF's fonts).
 */

let pdfkit: Promise<typeof import('pdfkit')> | null = null;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((m) => m.default));

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const BOTTOM = 792 - MARGIN - 24;
const INK = '#1f1f1f';
const MUTED = '#6b6b6b';
const RULE = '#c8c8c8';

const money = (amount: number | null) => (amount === null ? '—' : pdfText(formatMoney(amount)));
const timeOf = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(11, 16) : '—');

export interface ZReport {
  filename: string;
  pdf: Buffer;
}

type Doc = InstanceType<Awaited<ReturnType<typeof loadPdfkit>>>;

/** Columns of text at fixed x positions: the last is aligned right. */
function row(doc: Doc, cells: string[], xs: number[], y: number, bold = false): number {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10)
    .fillColor(INK);
  cells.forEach((cell, i) => {
    const x = MARGIN + xs[i];
    const width = (xs[i + 1] ?? WIDTH) - xs[i] - 6;
    doc.text(pdfText(cell), x, y, {
      width,
      align: i === cells.length - 1 && i > 0 ? 'right' : 'left',
      lineBreak: false,
      ellipsis: true,
    });
  });
  return y + 16;
}

function heading(doc: Doc, text: string, y: number): number {
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(pdfText(text), MARGIN, y);
  doc
    .moveTo(MARGIN, y + 17)
    .lineTo(MARGIN + WIDTH, y + 17)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  return y + 24;
}

function room(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

export async function renderZReport(shopName: string, day: AdminMarketDayDetail): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Z-report ${day.place} ${day.date}`, Author: shopName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(pdfText(shopName), MARGIN, MARGIN);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('Z-report: market day', MARGIN, MARGIN + 26);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      pdfText(
        `${day.place} · ${day.date} · ${day.opens_at}–${day.closes_at} · ${day.status.toLowerCase()}` +
          ` · opened ${timeOf(day.opened_at)} UTC, closed ${timeOf(day.closed_at)} UTC`,
      ),
      MARGIN,
      MARGIN + 46,
      { width: WIDTH },
    );

  const t = day.totals;
  const figures: Array<[string, string]> = [
    ['Sales', String(t.sales_count)],
    ['Opening float', money(day.opening_cash)],
    ['Cash sales', money(t.cash_total)],
    ['Card sales', money(t.card_total)],
    ['Discounts given', money(t.discount_total)],
    ['Total taken', money(t.total)],
    ['Expected cash (float + cash sales)', money(t.expected_cash)],
    ['Counted cash', money(t.counted_cash)],
    ['Difference (counted − expected)', money(t.difference)],
  ];
  let y = heading(doc, 'Figures', MARGIN + 76);
  for (const [label, value] of figures) y = row(doc, [label, value], [0, 300], y, label.startsWith('Difference'));

  y = heading(doc, 'Units per product', y + 12);
  y = row(doc, ['Product', 'Units', 'Amount'], [0, 330, 400], y, true);
  for (const u of t.units) {
    y = room(doc, y, 16);
    y = row(doc, [u.product, String(u.quantity), money(u.amount)], [0, 330, 400], y);
  }

  y = heading(doc, 'Sales', room(doc, y + 12, 60));
  y = row(doc, ['Receipt', 'Recorded', 'Paid', 'Discount', 'Total'], [0, 110, 200, 280, 400], y, true);
  for (const s of day.sales) {
    y = room(doc, y, 16);
    y = row(
      doc,
      [s.number, `${timeOf(s.recorded_at)} UTC`, s.payment, s.discount > 0 ? money(-s.discount) : '', money(s.total)],
      [0, 110, 200, 280, 400],
      y,
    );
  }
  doc.end();
  return ended;
}

/** GET admin/market/days/{id}/z-report.pdf */
export async function zReport(payload: Payload, user: AdminUser, id: string): Promise<ZReport> {
  const [day, settings] = await Promise.all([getDayDetail(payload, user, id), getSettings(payload)]);
  const pdf = await renderZReport(settings.shop_name || env.mailFromName, day);
  // The name is the date and letters, digits and dashes of the id only: it needs no escaping.
  return { filename: `z-report-${day.date}-${day.id.replace(/[^A-Za-z0-9-]/g, '')}.pdf`, pdf };
}
