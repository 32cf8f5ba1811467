import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { CollectionSlug, Payload, Sort, Where } from 'payload';
import { forbidden } from '../../lib/app-error';
import { isAdminUser } from '../../lib/roles';
import type { Doc } from '../mappers';
import type { AdminUser } from './sales';

/** Rows read from the database per query: a page of orders with their lines is a few hundred kilobytes. */
export const EXPORT_PAGE_SIZE = 500;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
  /** A code made of digits that a spreadsheet must keep as typed (a ZIP code, a tracking number). */
  keepAsText?: boolean;
}

/**
 * Every record matching `where`, one page at a time. Read through the database adapter, below Payload's
 * operation layer: the per-field read hooks and access walk it would run for every row cost more than the rest
 * of the export together, and nothing here needs them. So only call this for an admin (the endpoints check
 * with requireAdmin first) on a collection whose reads are admin-only and whose fields have no read hooks.
 *
 * Newest first (sort ['-createdAt'], the orders list's default) pages by key: each page starts after the last
 * row of the previous one (createdAt, then id), so page 200 costs what page 1 costs. Any other sort pages by
 * offset, with the id as the last sort key so that rows with equal sort values keep one order between pages;
 * an offset page re-reads the rows before it, which is fine for the lists that sort otherwise (a payer sort,
 * the contact messages) but not for 100,000 orders.
 */
export async function* pagesOf(
  payload: Payload,
  user: AdminUser,
  query: { collection: CollectionSlug; where: Where; sort: string[]; select?: Record<string, true> },
): AsyncGenerator<Doc[]> {
  if (!isAdminUser(user)) throw forbidden();
  const byKey = query.sort.length === 1 && query.sort[0] === '-createdAt';
  const sort: Sort = byKey ? ['-createdAt', '-id'] : [...query.sort, 'id'];
  let after: { createdAt: string; id: string } | null = null;
  for (let page = 1; ; page += 1) {
    const cursor: Where | null = after && {
      or: [
        { createdAt: { less_than: after.createdAt } },
        { and: [{ createdAt: { equals: after.createdAt } }, { id: { less_than: after.id } }] },
      ],
    };
    const res = await payload.db.find({
      collection: query.collection,
      where: cursor ? { and: [query.where, cursor] } : query.where,
      sort,
      select: query.select,
      page: byKey ? 1 : page,
      limit: EXPORT_PAGE_SIZE,
      // No count per page: the export reads until a short page.
      pagination: false,
    });
    const docs = res.docs as unknown as Doc[];
    if (docs.length) yield docs;
    if (docs.length < EXPORT_PAGE_SIZE) return;
    const last = docs[docs.length - 1];
    after = { createdAt: String(last.createdAt), id: String(last.id) };
  }
}

/**
 * A CSV download: UTF-8 with a byte-order mark (so spreadsheet programs read accents right), a header row,
 * then the rows as the pages arrive. The stream pulls the next page only when the client has taken the
 * previous ones, so memory stays flat whatever the row count.
 */
export function csvResponse<T>(
  filename: string,
  columns: readonly CsvColumn<T>[],
  pages: AsyncIterable<readonly T[]>,
  onError: (err: unknown) => void,
): Response {
  // One chunk per database page, not per row: each chunk crosses several streams on its way to the socket.
  async function* chunks() {
    yield Buffer.from(`\uFEFF${stringify([columns.map((c) => c.header)], { eof: true })}`, 'utf8');
    for await (const page of pages) {
      const rows = page.map((row) =>
        columns.map((c) => (c.keepAsText ? spreadsheetText(String(c.value(row))) : safeCell(c.value(row)))),
      );
      yield Buffer.from(stringify(rows, { eof: true }), 'utf8');
    }
  }
  const body = Readable.from(chunks(), { objectMode: false });
  body.on('error', (err) => {
    // The headers are gone already: the cut-off download (the socket is destroyed) is the client's signal.
    onError(err);
  });
  return new Response(Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * Text a shopper typed (a name, a message) must not run as a formula when the file is opened in a spreadsheet
 * ("=HYPERLINK(…)"): a leading = + - @ or control character is preceded by an apostrophe, which spreadsheet
 * programs show as text. Numbers are written as numbers, and so is an amount the shop wrote as text: a net
 * below zero after a full refund ("-1.64") is a number to a spreadsheet, never a formula.
 */
const PLAIN_AMOUNT = /^-\d{1,12}(\.\d{1,4})?$/;
export function safeCell(value: string | number): string | number {
  if (typeof value === 'number') return value;
  if (PLAIN_AMOUNT.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A code that looks like a number to a spreadsheet (ZIP "01234", a 22-digit tracking number) would lose its
 * leading zeros or turn into 9.2E+21 when the file is opened. Written as the formula ="01234" (Excel's
 * documented way to enter text that looks like a number; LibreOffice Calc and Google Sheets read it alike),
 * the cell shows the code exactly as stored. Only codes made of digits (and spaces or dashes, as "01234-5678")
 * are wrapped; anything else goes through safeCell. Inside the formula the text is a quoted string with its
 * quotes doubled, so it can never be read as anything but text.
 */
const NUMBER_LIKE = /^[0-9][0-9 -]*$/;
export function spreadsheetText(value: string): string | number {
  if (!NUMBER_LIKE.test(value)) return safeCell(value);
  return `="${value.replace(/"/g, '""')}"`;
}

/** `orders-2026-11-24.csv`: the export's kind and the day it was made (UTC). */
export const datedFilename = (kind: string, now = new Date()) => `${kind}-${now.toISOString().slice(0, 10)}.csv`;
