/**
 * Reading back what the control centre downloads: CSV exports (UTF-8 with a BOM) and PDFs (their text, as
 * pdf-parse extracts it, the same reader cms/test/order-paperwork.test.ts uses).
 */
import fs from 'node:fs/promises';
import { expect, type Download } from '@playwright/test';
import { PDFParse } from 'pdf-parse';

/** RFC 4180 records (quoted fields with "" for a quote). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A downloaded CSV, checked to open with the UTF-8 BOM, as records keyed by the header's names. */
export async function readCsvDownload(download: Download): Promise<Array<Record<string, string>>> {
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'the file opens with the UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(bytes.subarray(3).toString('utf8'));
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** A downloaded PDF's text, checked to be a PDF first. */
export async function readPdfDownload(download: Download): Promise<string> {
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1'), 'the file is a PDF').toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
