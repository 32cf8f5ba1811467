/**
 * One database moves between development and production: every start applies the committed migrations and
 * none asks a question (these servers have no terminal: stdin is not a TTY, as under a service manager). A
 * database that an older development start had pushed its schema into is taken over when it matches a
 * committed migration and refused in one line otherwise. A start that cannot succeed ends with one line on
 * stderr and exit code 1, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, type Doc } from './factories';
import {
  EarlyExit,
  type Envelope,
  freePort,
  type Json,
  repoRoot,
  sha256hex,
  startServer,
  serverEntryArgs,
  type TestServer,
  uid,
} from './harness';

const DEMO_EMAIL = 'admin@bottega.example';
const DEMO_PASSWORD = 'Bottega2025!';

/** The two sign-in doors: the control centre sends the digest, the /cms panel the password as typed. */
async function signInStatuses(server: TestServer, email: string, password: string): Promise<number[]> {
  const controlCentre = await server.api('/api/v2/auth/login', {
    method: 'POST',
    json: { email, password: sha256hex(password) },
  });
  const panel = await server.api('/api/users/login', { method: 'POST', json: { email, password } });
  return [controlCentre.status, panel.status];
}

const productionEnv = () => ({
  NODE_ENV: 'production',
  PAYLOAD_SECRET: randomBytes(32).toString('hex'),
  SEED_DEMO: undefined,
});

/** A Payload stack frame, as printed by Node or by pino: what an operator must never be shown. */
const STACK_FRAME = /^\s+at .+\(?.+:\d+:\d+\)?$/m;

async function withDatabase<T>(dataDir: string, work: (db: ReturnType<typeof createClient>) => Promise<T>) {
  const db = createClient({ url: `file:${path.join(dataDir, 'shop.db')}` });
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** What an older development start leaves: Payload's batch -1 marker instead of the migration records. */
const markAsDevPushed = (dataDir: string) =>
  withDatabase(dataDir, (db) =>
    db.batch(
      [
        'DELETE FROM payload_migrations',
        "INSERT INTO payload_migrations (id, name, batch) VALUES ('00000000-0000-4000-8000-000000000001', 'dev', -1)",
      ],
      'write',
    ),
  );

const migrationRecords = (dataDir: string) =>
  withDatabase(dataDir, async (db) =>
    (await db.execute('SELECT name, batch FROM payload_migrations ORDER BY name')).rows.map((r) => ({
      name: String(r.name),
      batch: Number(r.batch),
    })),
  );

describe('one database, development then production', () => {
  const root = path.join(os.tmpdir(), `shop-modes-${uid()}`);
  const devDir = path.join(root, 'dev');
  let product: Doc;
  /** The development start's own admin, with a password of its own. */
  let owner: { email: string; password: string };
  /** An account someone gave the published demo password in development. */
  const reusedEmail = `reused-${uid()}@test.example`;

  beforeAll(async () => {
    await fs.mkdir(devDir, { recursive: true });
    const dev = await startServer({ dataDir: devDir, env: { NODE_ENV: 'development' } });
    try {
      const admin = await dev.loginAdmin();
      owner = dev.admin!;
      const category = await createCategory(admin, { name: `Modes ${uid()}` });
      product = await createProduct(admin, { name: `Modes Oil ${uid()}`, categories: [category.id], price: 12.5 });
      // What the demo seed makes in development, and the same published password on another account.
      for (const email of [DEMO_EMAIL, reusedEmail]) {
        const made = await admin.api('/api/users', {
          method: 'POST',
          json: {
            email,
            password: DEMO_PASSWORD,
            firstname: 'Pina',
            lastname: 'Esposito',
            role: 'admin',
            active: true,
          },
        });
        expect(made.status, made.text).toBe(201);
      }
    } finally {
      await dev.stop();
    }
  }, 120_000);

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  /** A copy of the development data, so each case starts from the same database. */
  async function copyOfDevData(name: string): Promise<string> {
    const dir = path.join(root, name);
    await fs.cp(devDir, dir, { recursive: true });
    return dir;
  }

  it('when a shop started in development is started on its data with NODE_ENV=production and no terminal, then it is ready and serves the product made in development', async () => {
    const dataDir = await copyOfDevData('production');
    const production = await startServer({ dataDir, withAdmin: false, env: productionEnv() });
    try {
      const res = await production.api<Envelope<Json>>(`/api/v2/products/${product.id}`);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ name: product.name, price: 12.5 });
    } finally {
      await production.stop();
    }
  }, 120_000);

  it('when a database a development start made holds the demo account and another with the published password, then in production neither signs in on either door, both are deactivated and audited, and the start says so once with how to make an admin', async () => {
    const dataDir = await copyOfDevData('published');
    // The owner's own account is off too: the start is left without an admin and must say how to make one.
    await withDatabase(dataDir, (db) =>
      db.execute({ sql: 'UPDATE users SET active = 0 WHERE email = ?', args: [owner.email] }),
    );

    const first = await startServer({ dataDir, withAdmin: false, env: productionEnv() });
    try {
      expect(await signInStatuses(first, DEMO_EMAIL, DEMO_PASSWORD)).toEqual([401, 401]);
      expect(await signInStatuses(first, reusedEmail, DEMO_PASSWORD)).toEqual([401, 401]);
      const said = first
        .log()
        .split('\n')
        .filter((line) => line.includes('cannot sign in'));
      expect(said).toEqual([
        `  Production: ${DEMO_EMAIL}, ${reusedEmail} cannot sign in (the demo account, or the demo password the ` +
          'README publishes) and are deactivated. No active admin is left: set ADMIN_EMAIL and ADMIN_PASSWORD ' +
          'and restart, or run `npm run create-admin`.',
      ]);
      expect(first.log()).not.toMatch(STACK_FRAME);
    } finally {
      await first.stop();
    }
    const rows = await withDatabase(dataDir, async (db) => ({
      users: (await db.execute('SELECT email, active FROM users ORDER BY email')).rows.map((r) => [r.email, r.active]),
      audited: (await db.execute("SELECT record_id, by FROM audit_log WHERE by LIKE 'system (production start%'")).rows
        .length,
    }));
    expect(rows.users).toEqual(
      [
        [DEMO_EMAIL, 0],
        [owner.email, 0],
        [reusedEmail, 0],
      ].sort(),
    );
    expect(rows.audited).toBe(2);

    // ADMIN_EMAIL now makes the real admin, although the database has accounts.
    const second = await startServer({ dataDir, env: productionEnv() });
    try {
      const admin = await second.loginAdmin();
      const users = await admin.api<Envelope<Json[]>>('/api/v2/users');
      expect(users.body.result.map((u) => [u.email, u.active]).sort()).toEqual(
        [
          [DEMO_EMAIL, false],
          [owner.email, false],
          [reusedEmail, false],
          [admin.email, true],
        ].sort(),
      );
      // Reactivated by the new admin, the demo account still opens nothing.
      const demo = users.body.result.find((u) => u.email === DEMO_EMAIL)!;
      expect((await admin.api(`/api/users/${demo.id}`, { method: 'PATCH', json: { active: true } })).status).toBe(200);
      expect(await signInStatuses(second, DEMO_EMAIL, DEMO_PASSWORD)).toEqual([401, 401]);
    } finally {
      await second.stop();
    }
  }, 180_000);

  it('when a development push had marked the database (batch -1, no migration records) and its tables are those of the newest migration, then production records the migrations, keeps the data and serves it', async () => {
    const dataDir = await copyOfDevData('pushed');
    const expected = (await migrationRecords(dataDir)).map((m) => m.name);
    await markAsDevPushed(dataDir);

    const production = await startServer({ dataDir, withAdmin: false, env: productionEnv() });
    try {
      const res = await production.api<Envelope<Json>>(`/api/v2/products/${product.id}`);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ name: product.name, price: 12.5 });
    } finally {
      await production.stop();
    }
    const records = await migrationRecords(dataDir);
    expect(records.map((m) => m.name)).toEqual(expected);
    expect(records.every((m) => m.batch === 1)).toBe(true);
  }, 120_000);

  it('when a development push had marked the database and its tables match no committed migration, then production refuses in one line with exit code 1 and changes nothing', async () => {
    const dataDir = await copyOfDevData('pushed-unknown');
    await markAsDevPushed(dataDir);
    await withDatabase(dataDir, (db) => db.execute('ALTER TABLE products ADD legacy_note text'));

    let exit: EarlyExit | undefined;
    try {
      const started = await startServer({ dataDir, withAdmin: false, env: productionEnv() });
      await started.stop();
    } catch (err) {
      if (!(err instanceof EarlyExit)) throw err;
      exit = err;
    }
    expect(exit?.code).toBe(1);
    expect(exit?.message).toContain('The shop did not start: The database was set up by a development start');
    expect(exit?.message).toContain('match none of the committed migrations');
    expect(exit?.message).toContain('products.legacy_note unexpected');
    expect(exit?.message).not.toMatch(STACK_FRAME);
    expect(await migrationRecords(dataDir)).toEqual([{ name: 'dev', batch: -1 }]);
  }, 120_000);
});

describe('a production demo install', () => {
  it('when SEED_DEMO=true with NODE_ENV=production, then the demo catalogue is seeded, the only admin is the one from ADMIN_EMAIL and the published demo password opens nothing', async () => {
    const server = await startServer({ env: { ...productionEnv(), SEED_DEMO: 'true', PAYPAL_EMULATOR: 'true' } });
    try {
      const admin = await server.loginAdmin();
      const products = await admin.api<Json>('/api/products?limit=1');
      // The 35 products of seed/catalog-data.ts, 2 of them unpublished.
      expect(products.body.totalDocs).toBe(35);
      const users = await admin.api<Json>('/api/users?limit=10');
      expect(users.body.docs.map((u: Json) => u.email)).toEqual([admin.email]);
      const demoLogin = await server.api('/api/v2/auth/login', {
        method: 'POST',
        json: { email: 'admin@bottega.example', password: sha256hex('Bottega2025!') },
      });
      expect(demoLogin.status).toBe(401);

      // Every seeded order is a demo order, and none is mailed: the reconciler's round right after the start
      // (its three-day sweep) and a shopper's resend both leave the outbox empty.
      const all = await admin.api<Json>('/api/orders?limit=1&depth=0');
      const demo = await admin.api<Json>('/api/orders?limit=1&depth=0&where[demo][equals]=true');
      expect(all.body.totalDocs).toBeGreaterThan(500);
      expect(demo.body.totalDocs).toBe(all.body.totalDocs);
      const resend = await server.api<Envelope<string>>(`/api/v2/payments/resend/${demo.body.docs[0].id}`);
      expect(resend.status).toBe(409);
      expect(resend.body.result).toBe('This is a demo order: no mail is sent for it');
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(server.mails.map((m) => m.subject)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

/** Runs the server to its end (it is expected to fail); stdin is not a terminal. */
async function failedStart(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...env };
  for (const key of ['DATABASE_URI', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SMTP_URL', 'PAYPAL_CLIENT_ID', 'SEED_DEMO']) {
    if (!(key in env)) delete childEnv[key];
  }
  Object.assign(childEnv, { NODE_ENV: 'production', PAYLOAD_SECRET: randomBytes(32).toString('hex') });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, serverEntryArgs(), {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe('start-up failures', () => {
  const root = path.join(os.tmpdir(), `shop-fail-${uid()}`);
  let blocker: net.Server;
  let busyPort: number;

  beforeAll(async () => {
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(path.join(root, 'not-a-folder'), '');
    busyPort = await freePort();
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(busyPort, resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    await fs.rm(root, { recursive: true, force: true });
  });

  it('when the port is taken, the database cannot be opened or DATA_DIR is a file, then each start ends with one line on stderr and exit code 1, without a stack trace', async () => {
    const [portTaken, badDatabase, dataDirIsFile] = await Promise.all([
      failedStart({ PORT: String(busyPort), DATA_DIR: path.join(root, 'port') }),
      failedStart({
        PORT: String(await freePort()),
        DATA_DIR: path.join(root, 'db'),
        DATABASE_URI: `file:${path.join(root, 'missing', 'folder', 'shop.db')}`,
      }),
      failedStart({ PORT: String(await freePort()), DATA_DIR: path.join(root, 'not-a-folder') }),
    ]);

    expect(portTaken.code).toBe(1);
    expect(portTaken.err.trim().split('\n')).toEqual([
      `The shop did not start: port ${busyPort} is already in use (PORT=${busyPort}); stop what uses it or set another PORT`,
    ]);
    expect(badDatabase.code).toBe(1);
    expect(badDatabase.err.trim().split('\n')).toHaveLength(1);
    expect(badDatabase.err).toContain('The shop did not start: the database cannot be opened (DATABASE_URI, DATA_DIR)');
    expect(dataDirIsFile.code).toBe(1);
    expect(dataDirIsFile.err).toContain(`DATA_DIR ${path.join(root, 'not-a-folder')} is not a folder`);
    for (const run of [portTaken, badDatabase, dataDirIsFile]) {
      expect(run.out + run.err).not.toMatch(STACK_FRAME);
    }
  }, 120_000);
});
