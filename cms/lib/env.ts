import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPasswordAcceptable, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '@shop/shared';
import { DEMO_ADMIN } from './demo-account';
import { dataDir } from './paths';
import { type NamedSecret, weakSecrets } from './secret-strength';

export const isProduction = process.env.NODE_ENV === 'production';

/** A session secret shorter than this can be brute-forced offline from one captured cookie. */
export const MIN_SECRET_LENGTH = 32;

/**
 * What is wrong with the environment, one sentence per problem naming the variable. The process refuses to
 * start while this is not empty (see the end of this module).
 */
const problems: string[] = [];

/** Production secrets to judge for strength, all at once at the end (lib/secret-strength.ts loads dictionaries). */
const secretsToJudge: NamedSecret[] = [];

/**
 * PAYLOAD_SECRET signs admin session tokens. Production must set it; on a developer machine one is made on
 * first start and kept in data/ (never in the repository) so sessions survive restarts.
 */
function resolveSecret(): string {
  const fromEnv = process.env.PAYLOAD_SECRET;
  // SQLite, uploads and the outbox all live here; it must exist before the database opens.
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK);
  } catch (err) {
    problems.push(`DATA_DIR ${dataDir} is not a folder this process can read and write (${errorCode(err)}).`);
    return fromEnv ?? '';
  }
  if (isProduction) {
    if (!fromEnv) problems.push('PAYLOAD_SECRET must be set in production.');
    else if (fromEnv.length < MIN_SECRET_LENGTH) {
      problems.push(
        `PAYLOAD_SECRET is ${fromEnv.length} characters long; production needs at least ${MIN_SECRET_LENGTH} ` +
          '(e.g. `openssl rand -hex 32`).',
      );
    } else refuseWeakSecret('PAYLOAD_SECRET', fromEnv);
    return fromEnv ?? '';
  }
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'payload-secret');
  try {
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
    const secret = randomBytes(32).toString('hex');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (err) {
    problems.push(`The development secret ${file} cannot be read or written (${errorCode(err)}).`);
    return '';
  }
}

/** A production secret anyone could guess is a start-up problem (judged with the others, see the end). */
function refuseWeakSecret(name: string, value: string): void {
  secretsToJudge.push({ name, value });
}

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

/** ADMIN_PASSWORD becomes a real admin's password: it is held to the same rules as the reset form (SPEC §5). */
function resolveAdminPassword(): string {
  const value = process.env.ADMIN_PASSWORD ?? '';
  if (value !== '' && !isPasswordAcceptable(value, value)) {
    problems.push(
      `ADMIN_PASSWORD does not meet the password rules: at least ${PASSWORD_MIN_LENGTH} characters, ` +
        `one special character (${PASSWORD_SPECIAL_CHARACTERS}), one digit and one uppercase letter.`,
    );
  } else if (value === DEMO_ADMIN.password) {
    problems.push('ADMIN_PASSWORD is the demo password the README publishes; choose another.');
  }
  return value;
}

/** A whole number ≥ 1 from the environment; anything else is a startup problem rather than a silent default. */
function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    problems.push(`${name} must be a whole number of at least 0 (got "${raw}").`);
    return fallback;
  }
  return value;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    problems.push(`${name} must be a whole number of at least 1 (got "${raw}").`);
    return fallback;
  }
  return value;
}

/**
 * Express's `trust proxy` value. Express reads any string as a list of addresses, so "1" would mean "trust
 * the host 0.0.0.1" and "true" would not even parse: hop counts and booleans are converted here.
 */
function resolveTrustProxy(): boolean | number | string {
  const raw = (process.env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** REDIS_URL, checked for its form here; whether Redis answers is checked when it is first dialled (lib/redis.ts). */
function resolveRedisUrl(): string {
  const raw = (process.env.REDIS_URL ?? '').trim();
  if (raw !== '' && !/^rediss?:\/\/[^\s]+$/.test(raw)) {
    problems.push(`REDIS_URL must look like redis://host:6379 or rediss://… (got "${raw}").`);
    return '';
  }
  if (isProduction && raw !== '') {
    // Only a password that is set is checked: Redis on a private network may run without one.
    let password = '';
    try {
      password = decodeURIComponent(new URL(raw).password);
    } catch {
      problems.push('REDIS_URL is not a valid URL (a password with special characters must be percent-encoded).');
    }
    if (password !== '') refuseWeakSecret('The password in REDIS_URL', password);
  }
  return raw;
}

/**
 * Lease timing (services/leases.ts): a lease not renewed for LEASE_TTL_MS is free for another instance, and
 * its holder renews it every LEASE_RENEW_MS, which must leave room for a late renewal or two.
 */
function resolveLeaseTiming(): { ttlMs: number; renewMs: number } {
  const ttlMs = positiveInteger('LEASE_TTL_MS', 30_000);
  const renewMs = positiveInteger('LEASE_RENEW_MS', Math.max(1, Math.floor(ttlMs / 3)));
  if (renewMs >= ttlMs) {
    problems.push(`LEASE_RENEW_MS (${renewMs}) must be shorter than LEASE_TTL_MS (${ttlMs}), or a lease lapses.`);
  }
  return { ttlMs, renewMs };
}

/** Uploads on S3-compatible storage (payload.config.ts); null keeps them on the local disk. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another provider's or a local server's URL (MinIO, R2, …); unset: AWS itself. */
  endpoint?: string;
  /** Unset: the AWS SDK's own chain (an instance or task role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path rather than the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * S3 is on as soon as any S3_ variable is set, so a half-filled set is a start-up problem rather than
 * uploads quietly landing on one instance's disk.
 */
function resolveS3(): S3Settings | null {
  const read = (name: (typeof S3_VARIABLES)[number]) => (process.env[name] ?? '').trim();
  const given = S3_VARIABLES.filter((name) => read(name) !== '');
  if (given.length === 0) return null;
  const missing: string[] = [];
  if (!read('S3_BUCKET')) missing.push('S3_BUCKET');
  if (!read('S3_REGION')) missing.push('S3_REGION');
  // The keys come as a pair: one without the other is a typo, not a choice of the SDK's credential chain.
  if (read('S3_ACCESS_KEY_ID') && !read('S3_SECRET_ACCESS_KEY')) missing.push('S3_SECRET_ACCESS_KEY');
  if (read('S3_SECRET_ACCESS_KEY') && !read('S3_ACCESS_KEY_ID')) missing.push('S3_ACCESS_KEY_ID');
  if (missing.length > 0) {
    problems.push(
      `Uploads on S3 need ${missing.join(', ')} as well (set: ${given.join(', ')}); ` +
        'unset every S3_ variable to keep uploads on the local disk.',
    );
  }
  const endpoint = read('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    problems.push(`S3_ENDPOINT must be a URL such as http://minio:9000 (got "${endpoint}").`);
  }
  const pathStyle = read('S3_FORCE_PATH_STYLE');
  if (pathStyle !== '' && pathStyle !== 'true' && pathStyle !== 'false') {
    problems.push(`S3_FORCE_PATH_STYLE must be true or false (got "${pathStyle}").`);
  }
  const accessKeyId = read('S3_ACCESS_KEY_ID');
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY');
  if (isProduction && secretAccessKey) refuseWeakSecret('S3_SECRET_ACCESS_KEY', secretAccessKey);
  return {
    bucket: read('S3_BUCKET'),
    region: read('S3_REGION'),
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    forcePathStyle: pathStyle === 'true',
  };
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
  trustProxy: resolveTrustProxy(),
  smtpUrl: process.env.SMTP_URL ?? '',
  mailFrom: process.env.MAIL_FROM ?? 'shop@bottegadifamiglia.example',
  mailFromName: process.env.MAIL_FROM_NAME ?? 'Bottega di Famiglia',
  /** Seed demo data into an empty database on start. On by default outside production. */
  seedDemo: process.env.SEED_DEMO ? process.env.SEED_DEMO === 'true' : !isProduction,
  adminEmail: process.env.ADMIN_EMAIL ?? '',
  adminPassword: resolveAdminPassword(),
  /** Requests per window for the shopper-facing write endpoints; tests raise it. */
  contactRateLimit: Number(process.env.CONTACT_RATE_LIMIT ?? 5),
  /**
   * How often the payment reconciler looks for captured payments without an order, unsent confirmations
   * and abandoned checkouts (it also runs once right after start).
   */
  reconcileIntervalMs: positiveInteger('RECONCILE_INTERVAL_SECONDS', 180) * 1000,
  /** How often due scheduled publications (recipes, changelog) are carried out (services/scheduled-publishing.ts). */
  scheduledPublishIntervalMs: positiveInteger('SCHEDULED_PUBLISH_INTERVAL_SECONDS', 60) * 1000,
  /**
   * How long a refund stored but not answered by PayPal waits before the reconciler sends it again with the
   * same request id (services/refunds.ts). Repeating is safe (PayPal replays the refund it made); the wait
   * only spares PayPal a second call while the first is still on its way.
   */
  refundResendAfterMs: positiveInteger('REFUND_RESEND_AFTER_SECONDS', 60) * 1000,
  /** How long a claimed order mail stays claimed by a sender that may have died (services/order-notices.ts). */
  mailClaimLeaseMs: positiveInteger('MAIL_CLAIM_LEASE_SECONDS', 120) * 1000,
  /**
   * How long units a checkout took stay taken while its payment has not reached PayPal (a server stopped
   * between taking and capturing) before the reconciler gives them back (services/stock.ts).
   */
  stockHoldLeaseMs: positiveInteger('STOCK_HOLD_LEASE_SECONDS', 120) * 1000,
  /** The emulator's first webhook retry (doubling up to 5 minutes); tests shorten it. */
  paypalEmulatorRetryMs: positiveInteger('PAYPAL_EMULATOR_RETRY_MS', 2000),
  /**
   * How long ago the newest order write must be before the customers list keeps its sums between requests
   * (services/admin/customers.ts): longer than the clocks of two app instances can differ plus the longest
   * write, so a write it has not seen always changes what it checks. Tests set 0.
   */
  customersSettleMs: wholeNumber('CUSTOMERS_SETTLE_SECONDS', 10) * 1000,
  /** How often an open live-alerts stream checks that its session still holds (lib/live-events.ts); tests shorten it. */
  liveEventsRecheckMs: positiveInteger('LIVE_EVENTS_RECHECK_SECONDS', 30) * 1000,
  /**
   * Sign-in throttling (services/auth/throttle.ts): failed attempts allowed per client address and account,
   * and per client address over all accounts and reset links, within the window.
   */
  loginRateLimit: {
    perAccount: positiveInteger('LOGIN_RATE_LIMIT', 5),
    perAddress: positiveInteger('LOGIN_RATE_LIMIT_IP', 20),
    windowMs: positiveInteger('LOGIN_RATE_LIMIT_WINDOW_MINUTES', 15) * 60 * 1000,
    /** Reset-link mails one signed-in admin may ask for within the window. */
    resetMails: positiveInteger('PASSWORD_RESET_RATE_LIMIT', 3),
  },
  /**
   * Redis for what several app instances must share (rate-limit counters, the sign-in throttle, catalogue
   * cache invalidation, leases); empty: all of it in this process, as one instance needs.
   */
  redisUrl: resolveRedisUrl(),
  /**
   * This instance's name in logs and lease records. By default host name and port, which no two running
   * processes share (the port is taken before any lease is), and which a process restarted in the same place
   * keeps: after a crash it takes its leases back at once instead of waiting for them to lapse.
   */
  instanceId: (process.env.INSTANCE_ID ?? '').trim() || `${os.hostname()}:${process.env.PORT ?? 3000}`,
  /** How many app instances the operator runs; above 1 without REDIS_URL is worth a warning at start. */
  instanceCount: positiveInteger('INSTANCE_COUNT', 1),
  lease: resolveLeaseTiming(),
  /** Uploads on S3-compatible storage when set (S3_*); otherwise in UPLOADS_DIR on this machine's disk. */
  s3: resolveS3(),
  logLevel: process.env.LOG_LEVEL ?? (isProduction ? 'info' : 'warn'),
} as const;

for (const [name, weakness] of weakSecrets(secretsToJudge)) {
  problems.push(`${name} is too easy to guess: it ${weakness}. Make one with \`openssl rand -hex 32\`.`);
}

if (problems.length > 0) {
  // Printed without a stack trace: the operator has to fix the environment, not the code.
  console.error(`Refusing to start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
