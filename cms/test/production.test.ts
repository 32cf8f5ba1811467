/**
 * NODE_ENV=production on SQLite: the schema comes from the committed migrations (no dev push), there is no
 * demo data and no demo admin, and the PayPal emulator is off unless PAYPAL_EMULATOR=true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from './factories';
import { type AdminClient, type Envelope, type Json, startServer, type TestServer, uid } from './harness';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer({
    env: { NODE_ENV: 'production', PAYLOAD_SECRET: `prod-secret-${uid()}-${uid()}`, SEED_DEMO: undefined },
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
});
