/**
 * The rate limits' built-in defaults. Every other test file starts its server with some of these variables set
 * (the harness raises CONTACT_RATE_LIMIT, PAYMENT_RATE_LIMIT and WEBHOOK_RATE_LIMIT, orders.test sets
 * ORDER_LOOKUP_RATE_LIMIT), so a default raised tenfold would go unnoticed there. Here they are all unset and
 * the counts are written out.
 *
 * The server trusts the loopback proxy, so each test sends from its own X-Forwarded-For address and no
 * test uses up another's allowance.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiInit, type ApiResponse, sha256hex, startServer, type TestServer, uid } from './harness';
import { validContact } from './factories';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY: 'loopback',
      CONTACT_RATE_LIMIT: undefined,
      PAYMENT_RATE_LIMIT: undefined,
      ORDER_LOOKUP_RATE_LIMIT: undefined,
      COUPON_CHECK_RATE_LIMIT: undefined,
      WEBHOOK_RATE_LIMIT: undefined,
      LOGIN_RATE_LIMIT: undefined,
      LOGIN_RATE_LIMIT_IP: undefined,
      LOGIN_RATE_LIMIT_WINDOW_MINUTES: undefined,
      PASSWORD_RESET_RATE_LIMIT: undefined,
    },
  });
});

afterAll(async () => {
  await server?.stop();
});

let addressCounter = 0;
/** A client address no other test in this file uses. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.7.0.${addressCounter}`;
};

const from = (address: string, init: ApiInit = {}): ApiInit => {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', address);
  return { ...init, headers };
};

/** Sends `count` requests one after the other and returns their statuses. */
async function statusesOf(count: number, send: (i: number) => Promise<ApiResponse>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
  return statuses;
}

const repeated = (status: number, times: number) => Array<number>(times).fill(status);

describe('rate limits with no variable set', () => {
  it('when one address sends 6 contact messages, then 5 are accepted and the 6th is 429, in a 10-minute window', async () => {
    const address = freshAddress();
    const statuses = await statusesOf(5, () =>
      server.api('/api/v2/contacts', from(address, { method: 'POST', json: validContact() })),
    );
    expect(statuses).toEqual(repeated(201, 5));

    const sixth = await server.api('/api/v2/contacts', from(address, { method: 'POST', json: validContact() }));
    expect(sixth.status).toBe(429);
    // draft-8 policy header: quota 5, window 600 seconds.
    expect(sixth.headers.get('ratelimit-policy')).toMatch(/; q=5; w=600;/);
  });

  it('when one address looks up 21 order numbers in a minute, then 20 are answered and the 21st is 429', async () => {
    const address = freshAddress();
    const statuses = await statusesOf(20, (i) =>
      server.api(`/api/v2/orders/exist/ZZZZ${String(1000 + i)}`, from(address)),
    );
    expect(statuses).toEqual(repeated(404, 20));

    const last = await server.api('/api/v2/orders/exist/ZZZZ2000', from(address));
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-policy')).toMatch(/; q=20; w=60;/);
  });

  it('when one address checks 21 discount codes in a minute, then 20 are answered and the 21st is 429', async () => {
    const address = freshAddress();
    const statuses = await statusesOf(20, (i) => server.api(`/api/v2/coupons/GUESS${String(1000 + i)}`, from(address)));
    expect(statuses).toEqual(repeated(400, 20));

    const last = await server.api('/api/v2/coupons/GUESS2000', from(address));
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-policy')).toMatch(/; q=20; w=60;/);
    // Another address is not held back by the first one's guesses.
    expect((await server.api('/api/v2/coupons/GUESS2001', from(freshAddress()))).status).toBe(400);
  });

  it('when one address asks to create 31 payments in a minute, then 30 reach the handler and the 31st is 429', async () => {
    const address = freshAddress();
    // An empty cart is refused by validation; the limiter counts the request before that.
    const create = () =>
      server.api('/api/v2/payments/create', from(address, { method: 'POST', json: { products: [] } }));
    const statuses = await statusesOf(30, create);
    expect(statuses.filter((s) => s === 429)).toEqual([]);

    const last = await create();
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-policy')).toMatch(/; q=30; w=60;/);
  });

  it('when one address sends 31 captures in a minute, then 30 reach the handler and the 31st is 429', async () => {
    const address = freshAddress();
    // An invalid capture is refused by validation; the limiter counts the request before that.
    const capture = () =>
      server.api('/api/v2/payments/capture', from(address, { method: 'POST', json: { orderId: 'x' } }));
    const statuses = await statusesOf(30, capture);
    expect(statuses.filter((s) => s === 429)).toEqual([]);

    const last = await capture();
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-policy')).toMatch(/; q=30; w=60;/);
  });

  it('when one address posts 121 webhooks in a minute, then 120 reach the handler and the 121st is 429', async () => {
    const address = freshAddress();
    const post = () =>
      server.api('/api/v2/payments/webhook', from(address, { method: 'POST', json: { event_type: 'NOISE' } }));
    const statuses = await statusesOf(120, post);
    expect(statuses.filter((s) => s === 429)).toEqual([]);

    const last = await post();
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-policy')).toMatch(/; q=120; w=60;/);
  });

  it('when one address tries 6 wrong passwords for one email, then the first 5 are checked (401) and the 6th is 429', async () => {
    const address = freshAddress();
    const email = `nobody-${uid()}@test.example`;
    const statuses = await statusesOf(6, (i) =>
      server.api(
        '/api/v2/auth/login',
        from(address, { method: 'POST', json: { email, password: sha256hex(`Wrong#Pass${i}`) } }),
      ),
    );
    expect(statuses).toEqual([...repeated(401, 5), 429]);
  });

  it('when one address fails over 21 different emails, then 20 are checked (401) and the 21st is 429', async () => {
    const address = freshAddress();
    const statuses = await statusesOf(21, (i) =>
      server.api(
        '/api/v2/auth/login',
        from(address, {
          method: 'POST',
          json: { email: `spray-${i}-${uid()}@test.example`, password: sha256hex('Spray#2025') },
        }),
      ),
    );
    expect(statuses).toEqual([...repeated(401, 20), 429]);
  });

  it('when one admin asks for 4 reset mails, then 3 are sent and the 4th is 429', async () => {
    // A reset mail ends the admin's sessions, so each request comes from a new sign-in.
    const statuses = await statusesOf(4, async () => {
      const admin = await server.loginAdmin();
      return admin.api('/api/v2/auth/reset', { method: 'POST' });
    });
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('sign-in throttle window with no variable set', () => {
  // A 15-minute window cannot be waited out in a test, so the configured value is read in this process.
  it('when LOGIN_RATE_LIMIT_WINDOW_MINUTES is unset, then failures are counted over 15 minutes', async () => {
    const saved = { ...process.env };
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-env-'));
    try {
      for (const key of Object.keys(process.env))
        if (/^(LOGIN_|PASSWORD_RESET_|ADMIN_)/.test(key)) delete process.env[key];
      process.env.DATA_DIR = dataDir;
      vi.resetModules();
      const { env } = await import('../lib/env');
      expect(env.loginRateLimit.windowMs).toBe(900_000);
    } finally {
      process.env = saved;
      vi.resetModules();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
