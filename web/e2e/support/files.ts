/**
 * Reading back what the control centre downloads: CSV exports (UTF-8 with a BOM) and PDFs (their text, as
 * pdf-parse extracts it, the same reader cms/test/order-paperwork.test.ts uses).
 */
import fs from 'node:fs/promises';
import { expect, type Download } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';

/** A downloaded CSV, checked to open with the UTF-8 BOM, as records keyed by the header's names. */
export async function readCsvDownload(download: Download): Promise<Array<Record<string, string>>> {
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'the file opens with the UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString('utf8'), { columns: true }) as Array<Record<string, string>>;
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
