/**
 * The storefront's catalogue reads answered from memory (cms/lib/public-response-cache.ts): a change shows on
 * the next read, answers are never shared across origins or sessions, and bad paths stay 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Envelope, startServer, type TestServer, uid } from './harness';
import { createProduct } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer({ env: { CORS_ORIGINS: 'https://a.example,https://b.example' } });
  admin = await server.loginAdmin();
});
afterAll(() => server?.stop());

describe('cached catalogue answers', () => {
  it('when a product is renamed after its page was read twice, then the third read shows the new name', async () => {
    const product = await createProduct(admin, { name: `Olio ${uid()}` });
    const path = `/api/v2/products/${product.id}`;
    const first = await server.api<Envelope<{ name: string }>>(path);
    const second = await server.api<Envelope<{ name: string }>>(path);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    const renamed = `Olio Nuovo ${uid()}`;
    expect((await admin.api(`/api/products/${product.id}`, { method: 'PATCH', json: { name: renamed } })).status).toBe(
      200,
    );
    const third = await server.api<Envelope<{ name: string }>>(path);
    expect(third.body.result.name).toBe(renamed);
  });

  it('when two allowed origins read the same URL, then each gets its own CORS answer and a plain read gets none', async () => {
    const url = '/api/v2/products?limit=1';
    const a = await server.raw({ path: url, headers: { origin: 'https://a.example' } });
    const b = await server.raw({ path: url, headers: { origin: 'https://b.example' } });
    const plain = await server.raw({ path: url });
    expect(a.headers['access-control-allow-origin']).toBe('https://a.example');
    expect(b.headers['access-control-allow-origin']).toBe('https://b.example');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.status).toBe(200);
  });

  it('when an unknown product is read twice, then both are 404 and nothing is kept', async () => {
    const path = '/api/v2/products/00000000-0000-4000-8000-000000000000';
    expect((await server.api(path)).status).toBe(404);
    expect((await server.api(path)).status).toBe(404);
  });

  it('when a catalogue path is malformed, then 400, never a 5xx', async () => {
    for (const path of ['/api/v2/products/%E0%A4%A', '/api/v2/recipes/..%2F..%2Fusers', '/api/v2/categories/%00']) {
      const res = await server.raw({ path });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
