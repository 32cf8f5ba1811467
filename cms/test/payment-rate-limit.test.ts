/**
 * Every payments/create opens an order at PayPal, so it is limited per IP (PAYMENT_RATE_LIMIT), on its own
 * server started with a limit of 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createCategory, createProduct, countDocs } from './factories';
import { type AdminClient, isEnvelope, startServer, type TestServer, uid } from './harness';
import { createPayment } from './payment-helpers';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer({ env: { PAYMENT_RATE_LIMIT: '2' } });
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

describe('payment rate limit (PAYMENT_RATE_LIMIT=2)', () => {
  it('when a third payment is created within the minute, then 429 and no PayPal order is opened', async () => {
    const category = await createCategory(admin, { name: `Limit ${uid()}` });
    const product = await createProduct(admin, { name: `Limit Oil ${uid()}`, categories: [category.id], price: 9 });
    const body = { products: [{ id: product.id, quantity: 1 }], coupon_code: null };
    for (let i = 0; i < 2; i++) expect((await createPayment(server, body)).status).toBe(201);
    const before = await countDocs(admin, 'payments');

    const third = await createPayment(server, body);
    expect(third.status).toBe(429);
    expect(isEnvelope(third)).toBe(true);
    expect(third.body.result).toEqual(MESSAGES.rateLimited);
    expect(await countDocs(admin, 'payments')).toBe(before);
  });
});
