/**
 * Issue 29 §1: is the shop still whole after a hostile request? A request that poisons the process (writes
 * into Object.prototype) answers like any other refused one; what it breaks shows only in the answers after
 * it. The canary asks the same questions before and after, and the prototype probe (prototype-probe.ts,
 * loaded into the server under test only) tells whether any built-in prototype of the process changed.
 */
import path from 'node:path';
import { createProduct } from './factories';
import { type AdminClient, repoRoot, sha256hex, startServer, type StartOptions, type TestServer } from './harness';
import { createPayment } from './payment-helpers';

export interface PrototypeChanges {
  added: string[];
  removed: string[];
  replaced: string[];
}

export const NO_PROTOTYPE_CHANGES: PrototypeChanges = { added: [], removed: [], replaced: [] };

export interface CanaryServer {
  server: TestServer;
  admin: AdminClient;
  /** GET /baseline remembers the prototypes as they are; GET /changes lists what changed since. */
  prototypes(what: 'baseline' | 'changes'): Promise<PrototypeChanges>;
  /** Payload's own find by id of a published product (no cache answers it): its status and body. */
  productRead(): Promise<string>;
  /** Sign-in, the product read, the storefront's product and categories, the sitemap and payments/create. */
  fullCanary(): Promise<Record<string, string>>;
  productId: string;
}

/** What a canary request answered, reduced to what must not change: its status and its body. */
const answer = (res: { status: number; text: string }) => `${res.status} ${res.text}`;

/**
 * A test server with the prototype probe loaded, a product named "constructor" (a value, not a key) and
 * every lazily loaded part (Next's panel, the storefront's renderer) loaded before any baseline is taken:
 * Next patches Error and Date prototypes when it first loads, which is not what a request did.
 */
export async function startCanaryServer(options: StartOptions = {}): Promise<CanaryServer> {
  const probe = path.join(repoRoot, 'cms', 'test', 'prototype-probe.ts');
  const server = await startServer({
    ...options,
    env: { ...options.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${probe}`].filter(Boolean).join(' ') },
  });
  const announced = /prototype-probe listening on (\d+)/.exec(server.log());
  if (!announced) throw new Error(`The prototype probe did not start:\n${server.log().slice(-2000)}`);
  const probeUrl = `http://127.0.0.1:${announced[1]}`;
  const admin = await server.loginAdmin();
  const productId = (await createProduct(admin, { name: 'constructor' })).id as string;
  for (const page of ['/cms/login', '/site', '/site/shop', '/admin', '/sitemap.xml']) {
    const res = await server.raw({ path: page, headers: { accept: 'text/html' } });
    // 503: the panel is not built, so Next never loads in this run.
    if (res.status !== 200 && !(page.startsWith('/cms') && res.status === 503)) {
      throw new Error(`${page} answered ${res.status} before the sweep`);
    }
  }

  const prototypes = async (what: 'baseline' | 'changes') =>
    (await (await fetch(`${probeUrl}/${what}`)).json()) as PrototypeChanges;
  const productRead = async () => answer(await server.raw({ path: `/api/products/${productId}?depth=1` }));

  const signIn = async () => {
    const res = await fetch(`${server.baseUrl}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: admin.email, password: sha256hex(server.admin!.password) }),
    });
    const session = res.headers.getSetCookie().some((c) => c.startsWith('payload-token='));
    return `${res.status} session=${session} ${await res.text()}`;
  };
  // A new PayPal order id and secret each time: their place in the answer is what stays the same.
  const payment = async () => {
    const res = await createPayment(server, { products: [{ id: productId, quantity: 1 }], coupon_code: null });
    return answer(res)
      .replace(/"id":"[^"]+"/, '"id":"<paypal order>"')
      .replace(/"secret":"[^"]+"/, '"secret":"<secret>"');
  };
  const fullCanary = async () => ({
    signIn: await signIn(),
    productRead: await productRead(),
    storefrontProduct: answer(await server.raw({ path: `/api/v2/products/${productId}` })),
    categories: answer(await server.raw({ path: '/api/v2/categories' })),
    sitemap: answer(await server.raw({ path: '/sitemap.xml' })),
    payment: await payment(),
  });

  return { server, admin, prototypes, productRead, fullCanary, productId };
}
