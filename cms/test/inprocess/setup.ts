/**
 * The shop inside the test process: Payload on a fresh SQLite file, the express app of cms/express-app.ts on a
 * free loopback port (the payment service reaches the PayPal emulator mounted there over HTTP, as in
 * production), and the capturing SMTP server of the harness. Unlike cms/test/harness.ts (a child process),
 * code run this way can be instrumented, which is what mutation testing of the services needs.
 *
 * The environment is set before anything from the server code (cms/) is imported: cms/lib/env.ts reads it once, on
 * load. One shop per test file (vitest gives each file its own module graph).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Payload } from 'payload';
import { type CapturedMail, startSmtp } from '../harness';

/**
 * The services under test. Imported only after startInProcessShop() has set the environment; test files
 * import their types with `import type`, which loads nothing.
 */
export async function loadServices() {
  return {
    payments: await import('../../services/payments'),
    orders: await import('../../services/orders'),
    notices: await import('../../services/order-notices'),
    reconciler: await import('../../services/payment-reconciler'),
    webhook: await import('../../services/paypal-webhook'),
    conditionalUpdate: await import('../../lib/conditional-update'),
    emulator: await import('../../paypal-emulator/emulator'),
    paypalInstance: await import('../../services/paypal/instance'),
  };
}
export type Services = Awaited<ReturnType<typeof loadServices>>;

/**
 * Runs `fn` with some variables changed (undefined deletes one) and the PayPal client rebuilt from them, e.g.
 * PayPal switched off or unreachable; then puts everything back.
 */
export async function withEnv<T>(
  services: Services,
  vars: Record<string, string | undefined>,
  fn: () => Promise<T>,
): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    services.paypalInstance.resetPayPalInstance();
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

/** A loopback port nothing listens on: PayPal "down". */
export async function deadPort(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return String(port);
}

export interface InProcessShop {
  payload: Payload;
  baseUrl: string;
  dataDir: string;
  mails: CapturedMail[];
  /** Makes the mail server refuse (451) every mail until called with false. */
  refuseMail(refuse: boolean): void;
  waitForMail(predicate: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  stop(): Promise<void>;
}

/** Variables of the developer's shell that would change what the shop under test does. */
const SCRUBBED_ENV = [
  'DATABASE_URI',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_ENV',
  'PAYPAL_BASE_URL',
  'PAYPAL_WEBHOOK_ID',
  'PAYPAL_EMULATOR',
  'UPLOADS_DIR',
  'CORS_ORIGINS',
  'TRUST_PROXY',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'MAIL_FROM',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startInProcessShop(): Promise<InProcessShop> {
  const smtp = await startSmtp();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-inprocess-'));
  // The port is taken before the app exists: the PayPal client and the emulator's webhooks address the shop
  // by PORT, which must be known when the app is built.
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  for (const key of SCRUBBED_ENV) delete process.env[key];
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PAYLOAD_SECRET: 'in-process-test-secret-0123456789abcdef',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.INPROCESS_LOG_LEVEL ?? 'silent',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    // The reconciler is not started here (tests call reconcileOnce); the value only keeps env.ts content.
    RECONCILE_INTERVAL_SECONDS: '3600',
    PAYPAL_EMULATOR_RETRY_MS: '500',
    PAYMENT_RATE_LIMIT: '100000',
    WEBHOOK_RATE_LIMIT: '100000',
    ORDER_LOOKUP_RATE_LIMIT: '100000',
  });

  // A test file that imported the server code statically loaded env.ts before the lines above: it would be running
  // on the repository's data folder and its outbox. Refuse rather than write there.
  const { dataDir: resolvedDataDir } = await import('../../lib/paths');
  if (resolvedDataDir !== dataDir) {
    throw new Error(
      'The server code was imported before startInProcessShop(): use loadServices() (types: import type)',
    );
  }
  const { getPayload } = await import('payload');
  const config = await (await import('../../lib/load-config')).loadPayloadConfig();
  // Connecting applies the migrations to the empty file.
  const payload = await getPayload({ config });
  const { createApp } = await import('../../express-app');
  server.on('request', createApp(payload, config));

  return {
    payload,
    baseUrl,
    dataDir,
    mails: smtp.mails,
    refuseMail(refuse) {
      smtp.refusing.value = refuse;
    },
    async waitForMail(predicate, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = smtp.mails.find(predicate);
        if (found) return found;
        if (Date.now() > until) {
          throw new Error(`No matching mail within ${timeoutMs} ms; captured: ${smtp.mails.map((m) => m.subject)}`);
        }
        await sleep(25);
      }
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await payload.db.destroy?.();
      await smtp.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
