import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from './paths';

export const isProduction = process.env.NODE_ENV === 'production';

/**
 * PAYLOAD_SECRET signs admin session tokens. Production must set it; on a developer machine one is made on
 * first start and kept in data/ (never in the repository) so sessions survive restarts.
 */
function resolveSecret(): string {
  // SQLite, uploads and the outbox all live here; it must exist before the database opens.
  fs.mkdirSync(dataDir, { recursive: true });
  const fromEnv = process.env.PAYLOAD_SECRET;
  if (fromEnv) return fromEnv;
  if (isProduction) throw new Error('PAYLOAD_SECRET must be set in production');
  const file = path.join(dataDir, 'payload-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const env = {
  port: Number(process.env.PORT ?? 3000),
  databaseUri: process.env.DATABASE_URI ?? `file:${path.join(dataDir, 'shop.db')}`,
  secret: resolveSecret(),
  publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, ''),
  corsOrigins: list(process.env.CORS_ORIGINS),
  smtpUrl: process.env.SMTP_URL ?? '',
  mailFrom: process.env.MAIL_FROM ?? 'shop@bottegadifamiglia.example',
  mailFromName: process.env.MAIL_FROM_NAME ?? 'Bottega di Famiglia',
  /** Seed demo data into an empty database on start. On by default outside production. */
  seedDemo: process.env.SEED_DEMO ? process.env.SEED_DEMO === 'true' : !isProduction,
  adminEmail: process.env.ADMIN_EMAIL ?? '',
  adminPassword: process.env.ADMIN_PASSWORD ?? '',
  /** Requests per window for the shopper-facing write endpoints; tests raise it. */
  contactRateLimit: Number(process.env.CONTACT_RATE_LIMIT ?? 5),
  logLevel: process.env.LOG_LEVEL ?? (isProduction ? 'info' : 'warn'),
} as const;
