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

  it('when a kept answer is read, then it is written whole before the middleware with the headers the long way gives', async () => {
    const product = await createProduct(admin, { name: `Pecorino ${uid()}` });
    // Not the headers of one connection or one write (a kept answer is written whole, with its length),
    // nor Payload's CORS headers, which are per request and never kept (public-response-cache.ts).
    const perRequest = /^(date|connection|keep-alive|transfer-encoding|content-length|access-control-.*)$/;
    const headersOf = (res: Response) => {
      const kept: Array<[string, string]> = [];
      res.headers.forEach((value, name) => perRequest.test(name) || kept.push([name, value]));
      return kept;
    };
    for (const [path, encoding] of [
      [`/api/v2/products/${product.id}`, null],
      ['/api/v2/products?limit=3', 'br'],
      ['/api/v2/products?page=1&limit=4', 'gzip'],
      ['/api/v2/categories', null],
    ] as const) {
      const headers = { 'accept-encoding': encoding ?? 'identity' };
      // A session's read is never answered from memory: the long way, every time.
      const longWay = await fetch(`${server.baseUrl}${path}`, { headers: { ...headers, cookie: 'payload-token=x' } });
      const longText = await longWay.text();
      // The catalogue is cleared once more a moment after a write (hooks/invalidate-catalog-cache.ts): read
      // until an answer comes from memory.
      let kept: Response | undefined;
      for (let attempt = 0; attempt < 20 && !kept; attempt += 1) {
        const res = await fetch(`${server.baseUrl}${path}`, { headers });
        if (res.headers.get('content-length') !== null) kept = res;
        else await Promise.all([res.arrayBuffer(), new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      expect(longWay.status, path).toBe(200);
      expect(kept, path).toBeDefined();
      expect(await kept!.text(), path).toBe(longText);
      expect(headersOf(kept!), path).toEqual(headersOf(longWay));
      expect(kept!.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(kept!.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(kept!.headers.get('vary'), path).toBe('Accept-Encoding');
      expect(kept!.headers.get('content-encoding'), path).toBe(encoding);
    }
  });

  it('when an unknown product is read twice, then both are 404 and nothing is kept', async () => {
    const path = '/api/v2/products/00000000-0000-4000-8000-000000000000';
    expect((await server.api(path)).status).toBe(404);
    expect((await server.api(path)).status).toBe(404);
  });

  it('when a small JSON answer comes the long way to a client that takes gzip, then it is written whole, uncompressed', async () => {
    const res = await fetch(`${server.baseUrl}/api/v2/no-such-route`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toMatchObject({ status: 404 });
  });

  it('when a catalogue path is malformed, then 400, never a 5xx', async () => {
    for (const path of ['/api/v2/products/%E0%A4%A', '/api/v2/recipes/..%2F..%2Fusers', '/api/v2/categories/%00']) {
      const res = await server.raw({ path });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
