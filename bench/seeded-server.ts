// What the control-centre benches (admin-orders.ts, analytics.ts) share: a child process that seeds orders
// through Payload's database adapter (payload.db.create: no hooks or validation, the data is complete and
// made by the caller) in large transactions, creates the bench admin and listens; and, in the parent, the
// start, admin login and stop of that child. A child keeps its Payload instance and database apart from the
// payments bench, which runs Payload inside the bench process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Payload, PayloadRequest } from 'payload';
import { clientPasswordHash } from '../cms/lib/client-password';
import { freePort, repoRoot } from './server';

export const BENCH_ADMIN = { email: 'bench-admin@bench.example', password: 'Bench-Admin-2026!' };

/** True when `moduleUrl` is the process's entry point (`node --import tsx <that file>`). */
export const isEntryPoint = (moduleUrl: string) => moduleUrl === pathToFileURL(process.argv[1] ?? '').href;

/** A PayPal-like fee (3.49 % + 49 cents) and the three transaction amounts an order stores, as strings. */
export function transactionAmounts(grossCents: number) {
  const feeCents = Math.round(grossCents * 0.0349) + 49;
  return {
    transaction_gross_amount: (grossCents / 100).toFixed(2),
    transaction_paypal_fee: (feeCents / 100).toFixed(2),
    transaction_net_amount: ((grossCents - feeCents) / 100).toFixed(2),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Child: seed and serve

/** Written into the data directory once its seeding is done (what a kept directory is recognised by). */
const SEEDED_MARK = 'bench-seeded';

const BATCH = 1_000;

/**
 * Child side. `seed` gets the Payload instance and `insertOrders`, which writes `total` orders made by
 * `orderAt(i)` in transactions of 1,000. Then the bench admin is created (ADMIN_EMAIL/ADMIN_PASSWORD from
 * the parent), "SEEDED <n> <ms>" is printed for the parent and the server listens on PORT.
 */
export async function seedAndServe(
  seed: (
    payload: Payload,
    insertOrders: (total: number, orderAt: (i: number) => Record<string, unknown>) => Promise<void>,
  ) => Promise<number>,
): Promise<void> {
  const { getPayload, createLocalReq, initTransaction, commitTransaction, killTransaction } = await import('payload');
  const config = await (await import('../cms/lib/load-config')).loadPayloadConfig();
  const { createApp } = await import('../cms/express-app');
  const { ensureFirstAdmin } = await import('../cms/services/first-admin');

  const payload = await getPayload({ config });
  const started = performance.now();
  const insertOrders = async (total: number, orderAt: (i: number) => Record<string, unknown>) => {
    for (let done = 0; done < total; done += BATCH) {
      const req: PayloadRequest = await createLocalReq({}, payload);
      await initTransaction(req);
      try {
        for (let i = done; i < Math.min(total, done + BATCH); i += 1) {
          await payload.db.create({ collection: 'orders', data: orderAt(i), req, returning: false });
        }
        await commitTransaction(req);
      } catch (err) {
        await killTransaction(req);
        throw err;
      }
    }
  };
  // BENCH_KEEP_DIR (startSeededServer): a directory seeded by an earlier run is served as it is.
  const mark = path.join(process.env.DATA_DIR ?? '.', SEEDED_MARK);
  const kept = fs.existsSync(mark) ? Number(fs.readFileSync(mark, 'utf8')) : null;
  const orders = kept ?? (await seed(payload, insertOrders));
  if (kept === null) fs.writeFileSync(mark, String(orders));
  await ensureFirstAdmin(payload);
  console.log(`SEEDED ${orders} ${Math.round(performance.now() - started)}`);
  createApp(payload, config).listen(Number(process.env.PORT));
}

// ---------------------------------------------------------------------------------------------------------
// Parent: start, log in, stop

export interface SeededServer {
  baseUrl: string;
  /** Milliseconds the child spent seeding, as it reported. */
  seedMs: number;
  stop(): Promise<void>;
}

/**
 * Starts `entry` (a bench file) as a child with `childFlag=1` in its environment on a fresh data directory,
 * and waits until it serves /healthz. `stop()` ends the child and removes the data directory.
 */
export async function startSeededServer(opts: {
  entry: string;
  childFlag: string;
  dataDirPrefix: string;
  /** What the seeding depends on (the number of orders): a kept directory is reused only for the same. */
  keepKey?: string;
  timeoutMs: number;
}): Promise<SeededServer> {
  // BENCH_KEEP_DIR=<dir>: the seeded database is kept there and served again by the next run with the same
  // bench and keepKey (seeding 100,000 orders takes many minutes; measuring a change should not).
  const keepRoot = process.env.BENCH_KEEP_DIR;
  const keptDir = keepRoot ? path.resolve(keepRoot, `${opts.dataDirPrefix}${opts.keepKey ?? ''}`) : null;
  if (keptDir) fs.mkdirSync(keptDir, { recursive: true });
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), opts.dataDirPrefix));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(opts.entry)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      // Payload accepts the session cookie only from an allowed Origin: the bench's requests send this one.
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      [opts.childFlag]: '1',
    },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const deadline = Date.now() + opts.timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}:\n${out}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) break;
      } catch {
        /* seeding, not listening yet */
      }
      if (Date.now() > deadline) {
        throw new Error(`bench server did not start within ${Math.round(opts.timeoutMs / 60_000)} minutes`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const seedMs = Number(/SEEDED \d+ (\d+)/.exec(out)?.[1] ?? NaN);
  return { baseUrl, seedMs, stop };
}

/** Logs the bench admin in as the control centre does and returns the session cookie. */
export async function loginBenchAdmin(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: clientPasswordHash(BENCH_ADMIN.password) }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`bench admin login failed: ${res.status} ${await res.text()}`);
  return cookie;
}
