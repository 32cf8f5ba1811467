/**
 * The mail the e2e server "sent": without SMTP_URL the shop writes each message as an .eml file to
 * <dataDir>/outbox (cms/services/mail-transport.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eDataDir } from './data-dir.mjs';

const outboxDir = (): string => path.join(e2eDataDir(process.env.E2E_PORT ?? '3100'), 'outbox');

/** Decodes the quoted-printable soft breaks and escapes nodemailer writes, enough to read links. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a message to `to` whose decoded text matches `pattern`, and returns the first match. */
export async function waitForMailMatch(to: string, pattern: RegExp): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect
    .poll(
      () => {
        const dir = outboxDir();
        if (!fs.existsSync(dir)) return false;
        for (const name of fs.readdirSync(dir).sort().reverse()) {
          const raw = fs.readFileSync(path.join(dir, name), 'utf8');
          if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
          const match = decodeQuotedPrintable(raw).match(pattern);
          if (match) {
            found = match;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found as unknown as RegExpMatchArray;
}
