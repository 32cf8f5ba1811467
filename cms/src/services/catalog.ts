import type { Payload, Where } from 'payload';
import type { CategoryDetail, PublicCategory, PublicProduct, Recipe, Suggestion } from '@shop/shared';
import { notFound } from '../lib/app-error';
import type { Pagination } from '../lib/envelope';
import { type Doc, toPublicCategory, toPublicProduct, toRecipe } from './mappers';
import { getSettings } from './settings';

/**
 * Shopper-facing catalog reads. Every query states `published: true` itself and runs without a user, so
 * the storefront never shows a draft, even to a signed-in admin browsing the shop.
 */
const PUBLISHED: Where = { published: { equals: true } };
const FEATURED_LIMIT = 8;
const TOP_CATEGORIES_LIMIT = 5;
const LATEST_RECIPES_LIMIT = 3;

const asDocs = (docs: unknown[]) => docs as Doc[];
const and = (...wheres: Where[]): Where => ({ and: wheres });
const nameSearch = (search?: string): Where | null => {
  const text = search?.trim();
  return text ? { name: { like: text } } : null;
};

export async function listProducts(
  payload: Payload,
  q: { search?: string; page?: number; limit?: number },
): Promise<{ items: PublicProduct[]; pagination: Pagination }> {
  const search = nameSearch(q.search);
  const limit = q.limit ?? 10;
  const page = q.page ?? 1;
  const res = await payload.find({
    collection: 'products',
    where: search ? and(PUBLISHED, search) : PUBLISHED,
    sort: ['-stars', 'name'],
    page,
    limit,
    depth: 1,
    overrideAccess: false,
  });
  return { items: asDocs(res.docs).map(toPublicProduct), pagination: { count: res.totalDocs, page, limit } };
}

export async function productSuggestions(payload: Payload, search: string | undefined): Promise<Suggestion[]> {
  const text = search?.trim() ?? '';
  // The storefront asks only above 2 characters; the server keeps the same rule so a stray call is cheap.
  if (text.length <= 2) return [];
  const res = await payload.find({
    collection: 'products',
    where: and(PUBLISHED, { name: { like: text } }),
    select: { name: true },
    sort: 'name',
    limit: 8,
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  return asDocs(res.docs).map((d) => ({ name: String(d.name) }));
}

export async function getProduct(payload: Payload, id: string): Promise<PublicProduct> {
  const res = await payload.find({
    collection: 'products',
    where: and(PUBLISHED, { id: { equals: id } }),
    limit: 1,
    depth: 1,
    overrideAccess: false,
  });
  const doc = res.docs[0] as Doc | undefined;
  if (!doc) throw notFound('Product not found');
  return toPublicProduct(doc);
}

async function latestProduct(payload: Payload, where: Where): Promise<PublicProduct | null> {
  const res = await payload.find({
    collection: 'products',
    where,
    sort: '-createdAt',
    limit: 1,
    depth: 1,
    pagination: false,
    overrideAccess: false,
  });
  const doc = res.docs[0] as Doc | undefined;
  return doc ? toPublicProduct(doc) : null;
}

export const lastNewProduct = (payload: Payload) => latestProduct(payload, PUBLISHED);
export const lastDiscountProduct = (payload: Payload) =>
  latestProduct(payload, and(PUBLISHED, { apply_discount: { equals: true } }));

/** Cart lines: only published products come back; the cart flags the ids that are missing. */
export async function cartProducts(payload: Payload, ids: string[]): Promise<PublicProduct[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const res = await payload.find({
    collection: 'products',
    where: and(PUBLISHED, { id: { in: unique } }),
    limit: unique.length,
    depth: 1,
    pagination: false,
    overrideAccess: false,
  });
  return asDocs(res.docs).map(toPublicProduct);
}

/** Published product count per category id. */
async function productCounts(payload: Payload): Promise<Map<string, number>> {
  const res = await payload.find({
    collection: 'products',
    where: PUBLISHED,
    select: { categories: true },
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  const counts = new Map<string, number>();
  for (const doc of asDocs(res.docs)) {
    for (const c of (doc.categories as unknown[]) ?? []) {
      const id = String(typeof c === 'object' && c !== null ? (c as Doc).id : c);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

/** Published categories that hold at least one published product. */
export async function listCategories(payload: Payload): Promise<PublicCategory[]> {
  const [res, counts] = await Promise.all([
    payload.find({
      collection: 'categories',
      where: PUBLISHED,
      sort: 'name',
      depth: 0,
      pagination: false,
      overrideAccess: false,
    }),
    productCounts(payload),
  ]);
  return asDocs(res.docs)
    .map((doc) => toPublicCategory(doc, counts.get(String(doc.id)) ?? 0))
    .filter((c) => c.products > 0);
}

export async function getCategory(payload: Payload, id: string): Promise<CategoryDetail> {
  const res = await payload.find({
    collection: 'categories',
    where: and(PUBLISHED, { id: { equals: id } }),
    limit: 1,
    depth: 0,
    overrideAccess: false,
  });
  const doc = res.docs[0] as Doc | undefined;
  if (!doc) throw notFound('Category not found');
  const products = await payload.find({
    collection: 'products',
    where: and(PUBLISHED, { categories: { in: [id] } }),
    sort: ['-stars', 'name'],
    depth: 1,
    pagination: false,
    overrideAccess: false,
  });
  const items = asDocs(products.docs).map(toPublicProduct);
  return { ...toPublicCategory(doc, items.length), products: items };
}

/** The Home tabs: the settings' display order first, then the biggest categories. */
export async function topCategories(payload: Payload): Promise<PublicCategory[]> {
  const [categories, settings] = await Promise.all([listCategories(payload), getSettings(payload)]);
  const rank = (id: string) => {
    const i = settings.categories_order.indexOf(id);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return categories
    .sort((a, b) => rank(a.id) - rank(b.id) || b.products - a.products || a.name.localeCompare(b.name))
    .slice(0, TOP_CATEGORIES_LIMIT);
}

/** Featured products: best rated first, in one category or across the shop ("ALL"). */
export async function topProducts(payload: Payload, categoryId: string): Promise<PublicProduct[]> {
  const where = categoryId === 'ALL' ? PUBLISHED : and(PUBLISHED, { categories: { in: [categoryId] } });
  const res = await payload.find({
    collection: 'products',
    where,
    sort: ['-stars', '-createdAt'],
    limit: FEATURED_LIMIT,
    depth: 1,
    pagination: false,
    overrideAccess: false,
  });
  return asDocs(res.docs).map(toPublicProduct);
}

export async function listRecipes(payload: Payload, limit?: number): Promise<Recipe[]> {
  const res = await payload.find({
    collection: 'recipes',
    sort: '-createdAt',
    depth: 0,
    limit: limit ?? 100,
    pagination: false,
    overrideAccess: false,
  });
  return asDocs(res.docs).map(toRecipe);
}

export const latestRecipes = (payload: Payload) => listRecipes(payload, LATEST_RECIPES_LIMIT);
