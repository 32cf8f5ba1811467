/**
 * The papers drawn with pdfkit on US Letter in the standard Helvetica (no font files to ship). Every text
 * that reaches here has been through pdfText (model.ts), so it is all printable in that font.
 */
import { orderCodes, type OrderCodes } from './barcodes';
import type { PaperOrder, PickRow, ShopHeader } from './model';

type Doc = PDFKit.PDFDocument;

// pdfkit (and its font metrics) loads on the first paper, not with the server.
let pdfkit: Promise<typeof import('pdfkit')> | null = null;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((m) => m.default));

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const LEFT = MARGIN;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - LEFT;
/** Where a table stops and continues on the next page, leaving room for the footer line. */
const BOTTOM = PAGE.height - MARGIN - 24;

const INK = '#1f1f1f';
const MUTED = '#6b6b6b';
const RULE = '#c8c8c8';
const BAND = '#f1ede4';

const BOLD = 'Helvetica-Bold';
const REGULAR = 'Helvetica';

/** A new document whose bytes are collected in memory; `finish` ends it and resolves to the whole file. */
async function openDocument(title: string, author: string): Promise<{ doc: Doc; finish: () => Promise<Buffer> }> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: title, Author: author, Creator: author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return ended;
    },
  };
}

/** "1 item", "3 items": a count with its word in the right number. */
const countOf = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

function newPage(doc: Doc): void {
  doc.addPage({ size: 'LETTER', margin: MARGIN });
}

/** Text at a fixed place that never starts a page of its own (pdfkit would, near the bottom margin). */
function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: {
    width?: number;
    align?: 'left' | 'right' | 'center';
    font?: string;
    size?: number;
    color?: string;
    /** Cut to one line with an ellipsis (a name in a narrow cell). */
    oneLine?: boolean;
  } = {},
): number {
  const size = options.size ?? 10;
  doc
    .font(options.font ?? REGULAR)
    .fontSize(size)
    .fillColor(options.color ?? INK);
  const width = options.width ?? WIDTH;
  // A height stops pdfkit from turning to a new page by itself: the layout decides where pages break.
  const height = options.oneLine ? size * 1.25 : PAGE.height - y;
  doc.text(text, x, y, { width, align: options.align ?? 'left', height, ellipsis: options.oneLine });
  return options.oneLine ? height : doc.heightOfString(text, { width });
}

function rule(doc: Doc, y: number, color = RULE, x1 = LEFT, x2 = RIGHT): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.75).strokeColor(color).stroke().restore();
}

function checkbox(doc: Doc, x: number, y: number): void {
  doc.save().rect(x, y, 9, 9).lineWidth(0.9).strokeColor(INK).stroke().restore();
}

/** The shop on the left, the paper's title and its facts on the right; answers where the header ends. */
function header(doc: Doc, shop: ShopHeader, title: string, facts: string[]): number {
  let left = MARGIN;
  left += put(doc, shop.name, LEFT, left, { font: BOLD, size: 18, width: WIDTH / 2 }) + 2;
  for (const line of shop.lines) left += put(doc, line, LEFT, left, { size: 9, color: MUTED, width: WIDTH / 2 });

  let right = MARGIN;
  right += put(doc, title, LEFT + WIDTH / 2, right, { font: BOLD, size: 18, width: WIDTH / 2, align: 'right' }) + 4;
  facts.forEach((fact, i) => {
    right += put(doc, fact, LEFT + WIDTH / 2, right, {
      font: i === 0 ? BOLD : REGULAR,
      size: i === 0 ? 12 : 9,
      width: WIDTH / 2,
      align: 'right',
      color: i === 0 ? INK : MUTED,
    });
  });
  const end = Math.max(left, right) + 10;
  rule(doc, end, INK);
  return end + 14;
}

const CODE128_WIDTH = 170;
const CODE128_HEIGHT = 42;
const QR_SIZE = 62;

/** The order number's barcode and QR code at the right of the page; answers where they end. */
function codes(doc: Doc, codes: OrderCodes, orderNumber: string, y: number): number {
  const qrX = RIGHT - QR_SIZE;
  // Code 128 wants ten modules (about 19 pt here) of quiet zone on each side; the QR code four of its own.
  const barX = qrX - 24 - CODE128_WIDTH;
  if (codes.qr) doc.image(codes.qr, qrX, y, { width: QR_SIZE, height: QR_SIZE });
  if (codes.code128) {
    doc.image(codes.code128, barX, y + 2, { width: CODE128_WIDTH, height: CODE128_HEIGHT });
    put(doc, orderNumber, barX, y + CODE128_HEIGHT + 6, { width: CODE128_WIDTH, align: 'center', size: 9 });
  }
  return codes.qr || codes.code128 ? y + QR_SIZE : y;
}

/** A labelled block of lines (an address); answers where it ends. */
function block(doc: Doc, label: string, lines: string[], x: number, y: number, width: number): number {
  let at = y + put(doc, label.toUpperCase(), x, y, { font: BOLD, size: 8, color: MUTED, width }) + 3;
  lines.forEach((line, i) => {
    at += put(doc, line, x, at, { font: i === 0 ? BOLD : REGULAR, size: 10.5, width });
  });
  return at;
}

// ---------------------------------------------------------------------------------------------------------
// Tables

interface Column<Row> {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  text?: (row: Row) => string;
  /** Draws the cell itself (a checkbox). */
  draw?: (doc: Doc, x: number, y: number) => void;
  bold?: boolean;
}

const CELL_PAD = 5;

function tableHeader<Row>(doc: Doc, columns: Column<Row>[], y: number): number {
  let x = LEFT;
  for (const column of columns) {
    put(doc, column.title, x + CELL_PAD, y, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      font: BOLD,
      size: 8.5,
      color: MUTED,
    });
    x += column.width;
  }
  rule(doc, y + 14, INK);
  return y + 20;
}

function rowHeight<Row>(doc: Doc, columns: Column<Row>[], row: Row): number {
  let height = 12;
  for (const column of columns) {
    if (!column.text) continue;
    doc.font(column.bold ? BOLD : REGULAR).fontSize(10);
    height = Math.max(height, doc.heightOfString(column.text(row), { width: column.width - 2 * CELL_PAD }));
  }
  return height + 8;
}

/**
 * Rows under a header, continuing on new pages (header repeated) when the page is full. `band` rows
 * (category headings) span the table on a tinted band and never end a page alone.
 */
function table<Row>(
  doc: Doc,
  columns: Column<Row>[],
  rows: Row[],
  y: number,
  band?: (row: Row) => string | null,
): number {
  let at = tableHeader(doc, columns, y);
  rows.forEach((row, index) => {
    const heading = band?.(row) ?? null;
    const next = rows[index + 1];
    const height = heading !== null ? 20 : rowHeight(doc, columns, row);
    const keepWith = heading !== null && next !== undefined ? rowHeight(doc, columns, next) : 0;
    if (at + height + keepWith > BOTTOM) {
      newPage(doc);
      at = tableHeader(doc, columns, MARGIN);
    }
    if (heading !== null) {
      doc.save().rect(LEFT, at, WIDTH, 17).fill(BAND).restore();
      put(doc, heading, LEFT + CELL_PAD, at + 4, { font: BOLD, size: 9.5, width: WIDTH - 2 * CELL_PAD });
      at += height;
      return;
    }
    let x = LEFT;
    for (const column of columns) {
      if (column.draw) column.draw(doc, x + CELL_PAD, at + 1);
      if (column.text) {
        put(doc, column.text(row), x + CELL_PAD, at, {
          width: column.width - 2 * CELL_PAD,
          align: column.align,
          font: column.bold ? BOLD : REGULAR,
          size: 10,
        });
      }
      x += column.width;
    }
    at += height;
    rule(doc, at - 4);
  });
  return at;
}

/** Label and amount pairs flush right, the last one (the total) in bold; answers where they end. */
function totals(doc: Doc, rows: Array<[string, string]>, y: number): number {
  // Wide enough for "Discount code " and a code of 32 capitals on one line (issue 31 §2).
  const labelWidth = 270;
  const valueWidth = 90;
  const x = RIGHT - labelWidth - valueWidth;
  let at = y + 4;
  if (at + rows.length * 16 + 8 > BOTTOM) {
    newPage(doc);
    at = MARGIN;
  }
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    if (last) {
      rule(doc, at - 2, INK, x, RIGHT);
      at += 4;
    }
    const style = { font: last ? BOLD : REGULAR, size: last ? 12 : 10 };
    const labelHeight = put(doc, label, x, at, { ...style, width: labelWidth - CELL_PAD, align: 'right' });
    put(doc, value, x + labelWidth, at, { ...style, width: valueWidth - CELL_PAD, align: 'right' });
    // A label that still wraps pushes the next row down rather than printing over it.
    at += Math.max(last ? 18 : 15, labelHeight + 3);
  });
  return at;
}

function footer(doc: Doc, text: string): void {
  put(doc, text, LEFT, PAGE.height - MARGIN - 10, { size: 8, color: MUTED, align: 'center' });
}

function orderTotalsRows(order: PaperOrder): Array<[string, string]> {
  const t = order.totals;
  return [
    ...t.rows.map((row): [string, string] => [row.label, row.amount]),
    ...(t.refunded === null ? [] : ([['Refunded', t.refunded]] as Array<[string, string]>)),
    ...(t.paidAfterRefunds === null ? [] : ([['Paid after refunds', t.paidAfterRefunds]] as Array<[string, string]>)),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The papers

const itemCount = (order: PaperOrder) => order.lines.reduce((sum, line) => sum + line.quantity, 0);

async function drawPackingSlip(doc: Doc, shop: ShopHeader, order: PaperOrder): Promise<void> {
  newPage(doc);
  const top = header(doc, shop, 'Packing slip', [`Order ${order.number}`, `Date ${order.date}`]);
  const codesEnd = codes(doc, await orderCodes(order.number), order.number, top);
  let y = block(doc, order.shipToTitle, order.shipTo, LEFT, top, WIDTH / 2 - 20);
  if (order.shipmentMethod) y += 4 + put(doc, `Via ${order.shipmentMethod}`, LEFT, y + 4, { size: 9, color: MUTED });
  y = Math.max(y, codesEnd + 14) + 18;

  const columns: Column<PaperOrder['lines'][number]>[] = [
    { title: 'Packed', width: 50, draw: (d, x, cy) => checkbox(d, x + 10, cy) },
    { title: 'Product', width: WIDTH - 50 - 70, text: (line) => line.name },
    { title: 'Quantity', width: 70, align: 'right', text: (line) => String(line.quantity), bold: true },
  ];
  y = table(doc, columns, order.lines, y);
  put(doc, `${countOf(itemCount(order), 'item')} in ${countOf(order.lines.length, 'line')}`, LEFT, y + 6, {
    size: 9,
    color: MUTED,
  });
  totals(doc, orderTotalsRows(order), y);
  footer(doc, `Thank you for your order. ${shop.name}`);
}

async function drawInvoice(doc: Doc, shop: ShopHeader, order: PaperOrder): Promise<void> {
  newPage(doc);
  const top = header(doc, shop, 'Invoice', [`Order ${order.number}`, `Date ${order.date}`]);
  const codesEnd = codes(doc, await orderCodes(order.number), order.number, top);
  const half = WIDTH / 2 - 20;
  const billEnd = block(doc, 'Bill to', [order.payerName, order.payerEmail].filter(Boolean), LEFT, top, half);
  const shipEnd = block(doc, order.shipToTitle, order.shipTo, LEFT, billEnd + 12, half);
  let y = Math.max(shipEnd, codesEnd + 14) + 18;

  const columns: Column<PaperOrder['lines'][number]>[] = [
    { title: 'Product', width: WIDTH - 80 - 70 - 50 - 86, text: (line) => line.name },
    { title: 'Unit price', width: 80, align: 'right', text: (line) => line.unitPrice },
    { title: 'Discount', width: 70, align: 'right', text: (line) => line.discount || '-' },
    { title: 'Qty', width: 50, align: 'right', text: (line) => String(line.quantity) },
    { title: 'Total', width: 86, align: 'right', text: (line) => line.total, bold: true },
  ];
  y = table(doc, columns, order.lines, y);
  y = totals(doc, orderTotalsRows(order), y);

  const payment = [order.paidWith, order.transactionStatus ? `Payment status ${order.transactionStatus}` : ''].filter(
    Boolean,
  );
  y += 10;
  for (const line of payment) y += put(doc, line, LEFT, y, { size: 9.5 }) + 2;
  footer(doc, `${shop.name}. Thank you for shopping with us.`);
}

export async function renderPackingSlips(shop: ShopHeader, orders: PaperOrder[]): Promise<Buffer> {
  const title = orders.length === 1 ? `Packing slip ${orders[0].number}` : `Packing slips (${orders.length} orders)`;
  const { doc, finish } = await openDocument(title, shop.name);
  for (const [index, order] of orders.entries()) {
    // A file of 200 slips is seconds of CPU: between slips the server answers its other requests.
    if (index > 0) await new Promise((resolve) => setImmediate(resolve));
    await drawPackingSlip(doc, shop, order);
  }
  return finish();
}

export async function renderInvoice(shop: ShopHeader, order: PaperOrder): Promise<Buffer> {
  const { doc, finish } = await openDocument(`Invoice ${order.number}`, shop.name);
  await drawInvoice(doc, shop, order);
  return finish();
}

export interface PickListInput {
  printedAt: string;
  rows: PickRow[];
  orders: Array<Pick<PaperOrder, 'number' | 'payerName' | 'status'>>;
}

type PickTableRow = { heading: string } | PickRow;

export async function renderPickList(shop: ShopHeader, input: PickListInput): Promise<Buffer> {
  const { doc, finish } = await openDocument(`Pick list (${countOf(input.orders.length, 'order')})`, shop.name);
  newPage(doc);
  const units = input.rows.reduce((sum, row) => sum + row.quantity, 0);
  let y = header(doc, shop, 'Pick list', [
    `${countOf(input.orders.length, 'order')}, ${countOf(units, 'item')}`,
    `Printed ${input.printedAt}`,
  ]);

  const tableRows: PickTableRow[] = [];
  let category: string | null = null;
  for (const row of input.rows) {
    if (row.category !== category) tableRows.push({ heading: row.category });
    category = row.category;
    tableRows.push(row);
  }
  const columns: Column<PickTableRow>[] = [
    { title: 'Picked', width: 50, draw: (d, x, cy) => checkbox(d, x + 10, cy) },
    { title: 'Qty', width: 50, align: 'right', text: (r) => ('heading' in r ? '' : String(r.quantity)), bold: true },
    { title: 'Product', width: WIDTH - 100, text: (r) => ('heading' in r ? '' : r.product) },
  ];
  y = table(doc, columns, tableRows, y, (r) => ('heading' in r ? r.heading : null));

  // The orders it covers, so the picker can check off the parcels too.
  y += 18;
  if (y + 40 > BOTTOM) {
    newPage(doc);
    y = MARGIN;
  }
  y += put(doc, `Orders in this pick list (${input.orders.length})`, LEFT, y, { font: BOLD, size: 11 }) + 6;
  const perRow = 3;
  const cell = WIDTH / perRow;
  for (let i = 0; i < input.orders.length; i += perRow) {
    if (y + 16 > BOTTOM) {
      newPage(doc);
      y = MARGIN;
    }
    input.orders.slice(i, i + perRow).forEach((order, j) => {
      const x = LEFT + j * cell;
      checkbox(doc, x, y + 1);
      put(doc, order.number, x + 14, y, { font: BOLD, size: 9.5, width: 78, oneLine: true });
      put(doc, order.payerName, x + 94, y + 1, { size: 8.5, color: MUTED, width: cell - 100, oneLine: true });
    });
    y += 16;
  }
  return finish();
}

/** The bench's baseline: an empty page, through the same document setup. */
export async function renderEmptyPage(): Promise<Buffer> {
  const { doc, finish } = await openDocument('Empty', 'bench');
  newPage(doc);
  return finish();
}
