import { richTextList, richTextRoot } from '@shop/shared';
/**
 * Test data through Payload's REST API, acting as the signed-in admin. Every factory fails loudly when the
 * server refuses, so a broken precondition never looks like a broken assertion.
 */
import sharp from 'sharp';
import type { AdminClient, ApiResponse, Json, TestServer } from './harness';
import { sha256hex, uid } from './harness';

export type Doc = Record<string, Json> & { id: string };

function created(what: string, res: ApiResponse): Doc {
  if (res.status !== 201 || !res.body?.doc?.id) {
    throw new Error(`Creating ${what} failed: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  }
  return res.body.doc as Doc;
}

export interface CategoryInput {
  name?: string;
  description?: string;
  published?: boolean;
  img?: string | null;
}

export async function createCategory(admin: AdminClient, input: CategoryInput = {}): Promise<Doc> {
  const data = { name: `Category ${uid()}`, description: 'A test category', published: true, ...input };
  return created('category', await admin.api('/api/categories', { method: 'POST', json: data }));
}

export interface ProductInput {
  name?: string;
  description?: string;
  price?: number;
  stars?: number;
  img?: string | null;
  categories?: string[];
  inventory_stock?: boolean;
  quantity_amount?: number;
  quantity_unit?: string;
  published?: boolean;
  apply_discount?: boolean;
  discount_unit?: string;
  discount_amount?: number;
  apply_shipping?: boolean;
  stock_quantity?: number | null;
  low_stock_threshold?: number | null;
}

/** A published, in-stock product; without `categories` a fresh published category is created for it. */
export async function createProduct(admin: AdminClient, input: ProductInput = {}): Promise<Doc> {
  const categories = input.categories ?? [(await createCategory(admin)).id];
  const data = {
    name: `Product ${uid()}`,
    description: 'Extra virgin olive oil from the family grove',
    price: 12.5,
    stars: 3,
    inventory_stock: true,
    quantity_amount: 500,
    quantity_unit: 'Ml',
    published: true,
    apply_discount: false,
    discount_unit: '%',
    discount_amount: 0,
    apply_shipping: true,
    ...input,
    categories,
  };
  return created('product', await admin.api('/api/products', { method: 'POST', json: data }));
}

export interface RecipeInput {
  name?: string;
  description?: string;
  ingredients?: string[];
  directions?: string[];
  img?: string | null;
}

export async function createRecipe(admin: AdminClient, input: RecipeInput = {}): Promise<Doc> {
  const {
    ingredients = ['200 g spaghetti', '3 tbsp olive oil'],
    directions = ['Boil the pasta.', 'Dress with oil.'],
    ...rest
  } = input;
  const data = {
    name: `Recipe ${uid()}`,
    description: 'A family recipe',
    ...rest,
    ingredients: ingredients.map((item) => ({ item })),
    // The method is the rich-text body: the directions become its ordered list.
    body: richTextRoot([richTextList(directions, 'number')]),
    _status: 'published',
  };
  return created('recipe', await admin.api('/api/recipes', { method: 'POST', json: data }));
}

/** A PNG with some texture (so resized WebP versions are really smaller than the full one). */
/** One line of an order, as PayPal's capture stores it. */
export interface OrderLineInput {
  /** Without it the line names a product that is not in the catalogue (a fresh `gone-…` id). */
  product_id?: string;
  product: string;
  price: number;
  quantity: number;
  apply_discount?: boolean;
  discount_unit?: string;
  discount_amount?: number;
  apply_shipping?: boolean;
}

/**
 * What a test says about its order; any other stored field (coordinates, fee, a number) may be given too.
 * `createdAt` backdates it.
 */
export interface OrderInput {
  status?: 'NEW' | 'PROCESSING' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED' | 'COMPLETED';
  number?: string;
  payer_full_name?: string;
  payer_email_address?: string;
  shipment_full_name?: string;
  shipment_amount?: number;
  transaction_gross_amount?: string;
  transaction_paypal_fee?: string;
  transaction_net_amount?: string;
  products?: OrderLineInput[];
  createdAt?: Date;
  [field: string]: Json | Date | OrderLineInput[] | undefined;
}

/**
 * A paid order as the capture leaves it (status NEW unless given), made through Payload's REST API: one
 * $2.10 line of olive oil, $7.90 shipping to a New York address, and paid what the lines and shipping
 * come to unless `transaction_gross_amount` says otherwise. The ship-to name is the payer's unless given.
 */
export async function createOrder(admin: AdminClient, input: OrderInput = {}): Promise<Doc> {
  const { createdAt, products: lines, ...rest } = input;
  const products = (lines ?? [{ product_id: 'p-1', product: 'Olive oil', price: 2.1, quantity: 1 }]).map((line) => ({
    product_id: `gone-${uid()}`,
    ...line,
  }));
  const shipment = input.shipment_amount ?? 7.9;
  const paid = products.reduce((sum, l) => sum + l.price * l.quantity, 0) + shipment;
  const payer = input.payer_full_name ?? 'Test Payer';
  const data = {
    status: 'NEW',
    payer_full_name: payer,
    payer_email_address: `payer.${uid()}@example.com`,
    shipment_full_name: payer,
    shipment_amount: shipment,
    shipment_method: 'USPS Priority Mail',
    shipment_address: {
      address_line_1: '1 Main St',
      admin_area_1: 'NY',
      admin_area_2: 'New York',
      postal_code: '10001',
      country_code: 'US',
    },
    transaction_id: `TX${uid().toUpperCase()}`,
    transaction_status: 'COMPLETED',
    transaction_gross_amount: paid.toFixed(2),
    currency_code: 'USD',
    ...rest,
    products,
    ...(createdAt ? { createdAt: createdAt.toISOString() } : {}),
  };
  return created('order', await admin.api('/api/orders', { method: 'POST', json: data }));
}

export async function makePng(width = 1000, height = 800): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x ^ y) & 0xff) ^ ((Math.random() * 32) | 0);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** POST /api/assets as multipart (field `file`), like the admin gallery does. */
export async function uploadImage(
  admin: AdminClient,
  opts: { width?: number; height?: number; filename?: string; data?: Buffer; type?: string } = {},
): Promise<Doc> {
  const data = opts.data ?? (await makePng(opts.width, opts.height));
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(data)], { type: opts.type ?? 'image/png' }),
    opts.filename ?? `img-${uid()}.png`,
  );
  return created('asset', await admin.api('/api/assets', { method: 'POST', body: form }));
}

/** Payload's count endpoint, as admin (sees everything). */
export async function countDocs(admin: AdminClient, collection: string): Promise<number> {
  const res = await admin.api(`/api/${collection}/count`);
  if (res.status !== 200 || typeof res.body?.totalDocs !== 'number') {
    throw new Error(`Counting ${collection} failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res.body.totalDocs;
}

export async function updateSettings(admin: AdminClient, data: Record<string, unknown>): Promise<Doc> {
  const res = await admin.api('/api/globals/shop-settings', { method: 'POST', json: data });
  if (res.status !== 200) throw new Error(`Updating settings failed: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  return res.body.result as Doc;
}

export const validContact = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Maria',
  lastname: 'Rossi',
  email: `maria.${uid()}@example.com`,
  telephone: '+1 (555) 010-2030',
  title: `Question ${uid()}`,
  message: 'Do you ship balsamic vinegar to Oregon?',
  ...overrides,
});

// ---------------------------------------------------------------------------------------------------------
// Accounts and the two sign-ins (issue 11: roles)

export interface Account {
  id: string;
  email: string;
  /** As typed: the /cms panel sends it so, the control centre sends its SHA-256 hex. */
  password: string;
  role: 'admin' | 'editor';
}

/**
 * An account made as Payload's panel makes one: POST /api/users with the password as typed and a role. The
 * server stores the hex the control centre would send, so both sign-ins work for it.
 */
export async function createAccount(admin: AdminClient, role: Account['role'] = 'admin'): Promise<Account> {
  const email = `${role}-${uid()}@test.example`;
  const password = `Olive#${uid()}9A`;
  const doc = created(
    `${role} account`,
    await admin.api('/api/users', {
      method: 'POST',
      json: { email, password, role, firstname: 'Chiara', lastname: 'Conti', active: true },
    }),
  );
  return { id: doc.id, email, password, role };
}

export const createEditor = (admin: AdminClient) => createAccount(admin, 'editor');

/** Which sign-in: the panel's POST /api/users/login (password as typed) or the control centre's (hex). */
export type SignInRoute = 'panel' | 'control-centre';

/** The sign-in's raw reply, from `address` (X-Forwarded-For; the server must trust the loopback proxy). */
export function signInRequest(
  server: TestServer,
  credentials: { email: string; password: string },
  route: SignInRoute,
  address?: string,
): Promise<ApiResponse> {
  const headers: Record<string, string> = address ? { 'x-forwarded-for': address } : {};
  return route === 'panel'
    ? server.api('/api/users/login', { method: 'POST', headers, json: credentials })
    : server.api('/api/v2/auth/login', {
        method: 'POST',
        headers,
        json: { email: credentials.email, password: sha256hex(credentials.password) },
      });
}

/** A cookie client from a successful sign-in, calling with the server's own origin (Payload's CSRF list). */
export function clientFromSignIn(server: TestServer, email: string, res: ApiResponse): AdminClient {
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='));
  if (res.status !== 200 || !setCookie) throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.text}`);
  const cookie = setCookie.split(';')[0];
  return {
    email,
    cookie,
    api: (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', cookie);
      if (!headers.has('origin')) headers.set('origin', server.baseUrl);
      return server.api(pathname, { ...init, headers });
    },
  };
}

export async function signInAs(
  server: TestServer,
  credentials: { email: string; password: string },
  route: SignInRoute,
): Promise<AdminClient> {
  return clientFromSignIn(server, credentials.email, await signInRequest(server, credentials, route));
}
