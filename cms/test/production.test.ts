/**
 * NODE_ENV=production on SQLite: the schema comes from the committed migrations (no dev push), there is no
 * demo data and no demo admin, and the PayPal emulator is off unless PAYPAL_EMULATOR=true. A production
 * start refuses a weak session secret or first-admin password.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from './factories';
import {
  type AdminClient,
  EarlyExit,
  type Envelope,
  type Json,
  sha256hex,
  startServer,
  type TestServer,
  uid,
} from './harness';

/** 64 characters, twice the minimum production accepts. */
const strongSecret = () => randomBytes(32).toString('hex');

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer({
    env: { NODE_ENV: 'production', PAYLOAD_SECRET: strongSecret(), SEED_DEMO: undefined },
  });
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

describe('production mode', () => {
  it('when started on an empty SQLite file, then the migrations build a schema that stores every product field', async () => {
    const category = await createCategory(admin, { name: `Prod ${uid()}` });
    const product = await createProduct(admin, {
      name: `Prod Oil ${uid()}`,
      categories: [category.id],
      price: 21.5,
      apply_discount: true,
      discount_unit: 'CASH',
      discount_amount: 1.5,
    });
    const res = await server.api<Envelope<Json>>(`/api/v2/products/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ price: 21.5, discount_unit: 'CASH', discount_amount: 1.5 });
    expect(res.body.result.categories).toEqual([{ id: category.id, name: category.name }]);
  });

  it('when no demo data is wanted in production, then only the admin from ADMIN_EMAIL exists', async () => {
    const users = await admin.api<Json>('/api/users?limit=10');
    expect(users.body.docs.map((u: Json) => u.email)).toEqual([admin.email]);
  });

  it('when no PayPal credentials are set, then payments are off and the emulator is not mounted', async () => {
    const config = await server.api<Envelope<Json>>('/api/v2/config');
    expect(config.body.result.paypal).toEqual({ client_id: '', sdk_base_url: null, env: 'off' });
    const token = await fetch(`${server.baseUrl}/__paypal/v1/oauth2/token`, { method: 'POST' });
    expect(token.status).toBe(404);
  });

  it('when a shopper pays while PayPal is switched off, then 503 "Payments are not available" and no payment is stored', async () => {
    const product = await createProduct(admin, { name: `Off ${uid()}`, price: 8 });
    const before = (await admin.api<Json>('/api/payments/count')).body.totalDocs;
    const res = await server.api<Envelope<Json>>('/api/v2/payments/create', {
      method: 'POST',
      json: { products: [{ id: product.id, quantity: 1 }], coupon_code: null },
    });
    expect(res.status, res.text).toBe(503);
    expect(res.body).toEqual({ result: 'Payments are not available', status: 503 });
    expect((await admin.api<Json>('/api/payments/count')).body.totalDocs).toBe(before);
    expect(server.log()).not.toMatch(/"level":(50|60)/);
  });
});

describe('production sign-in throttle without TRUST_PROXY', () => {
  it('when a client varies a forged X-Forwarded-For, then its sixth wrong password is still refused with 429', async () => {
    const email = `intruder-${uid()}@evil.example`;
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await server.api('/api/v2/auth/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        json: { email, password: sha256hex(`Guess#${i}x`) },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('production start checks', () => {
  /** Starts a production server that is expected to refuse; resolves with how it ended. */
  async function refusedStart(env: Record<string, string | undefined>): Promise<EarlyExit> {
    try {
      const started = await startServer({ env: { NODE_ENV: 'production', SEED_DEMO: undefined, ...env } });
      await started.stop();
    } catch (err) {
      if (err instanceof EarlyExit) return err;
      throw err;
    }
    throw new Error('The server started although it should have refused');
  }

  it('when PAYLOAD_SECRET is 31 characters long and ADMIN_PASSWORD breaks the rules, then the server exits with code 1 naming both', async () => {
    // One start for both checks: each refused start costs seconds of module loading.
    const exit = await refusedStart({ PAYLOAD_SECRET: 'x'.repeat(31), ADMIN_PASSWORD: 'olive-oil-2025' });
    expect(exit.code).toBe(1);
    expect(exit.message).toContain('Refusing to start');
    expect(exit.message).toContain('PAYLOAD_SECRET is 31 characters long; production needs at least 32');
    expect(exit.message).toContain('ADMIN_PASSWORD does not meet the password rules');
    expect(exit.message).not.toContain('olive-oil-2025');
  });

  it('when PAYLOAD_SECRET is the alphabet and digits in a row, the S3 secret and the Redis password are words and ADMIN_PASSWORD is the published demo password, then the server exits with code 1 naming each and how to make a good secret', async () => {
    const exit = await refusedStart({
      // 32 different characters, which a count of characters took for random; a sequence to zxcvbn.
      PAYLOAD_SECRET: 'abcdefghijklmnopqrstuvwxyz012345',
      S3_BUCKET: 'shop',
      S3_REGION: 'eu-south-1',
      S3_ACCESS_KEY_ID: 'minioadmin',
      S3_SECRET_ACCESS_KEY: 'minioadmin',
      REDIS_URL: 'redis://:olive-oil@127.0.0.1:6399',
      ADMIN_PASSWORD: 'Bottega2025!',
    });
    expect(exit.code).toBe(1);
    expect(exit.message).toContain(
      'PAYLOAD_SECRET is too easy to guess: it could be found in about 10^4 guesses (Common character sequences ' +
        'like "abc" are easy to guess), where a random secret takes at least 10^25. ' +
        'Make one with `openssl rand -hex 32`.',
    );
    expect(exit.message).toContain('S3_SECRET_ACCESS_KEY is too easy to guess: it could be found in about 10^');
    expect(exit.message).toContain('The password in REDIS_URL is too easy to guess: it could be found in about 10^');
    expect(exit.message).toContain('ADMIN_PASSWORD is the demo password the README publishes; choose another.');
    expect(exit.message).not.toContain('olive-oil');
  });
});
