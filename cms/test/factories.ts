import { richTextList, richTextRoot } from '@shop/shared';
/**
 * Test data through Payload's REST API, acting as the signed-in admin. Every factory fails loudly when the
 * server refuses, so a broken precondition never looks like a broken assertion.
 */
import sharp from 'sharp';
import type { AdminClient, ApiResponse, Json } from './harness';
import { uid } from './harness';

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
