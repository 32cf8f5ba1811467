import type { Payload, Where } from 'payload';
import { discountedUnitPrice, rankProducts, recipeLines, searchTerms, type SearchableProduct } from '@shop/shared';
import type { CategoryDetail, PublicCategory, PublicProduct, Recipe, RecipeProduct, Suggestion } from '@shop/shared';
import { onStorefront } from '../access/published-or-admin';
import { notFound } from '../lib/app-error';
import type { Pagination } from '../lib/envelope';
import { cached as cachedEntry, expireCatalogAt } from '../lib/catalog-cache';
import { type Doc, toPublicCategory, toPublicProduct, toRecipe } from './mappers';
import { publicRichTextBodies } from './rich-text-images';
import { getSettings } from './settings';

/**
 * Shopper-facing catalog reads, served through the per-process catalog cache. Every query states the
 * storefront rule itself (published, and any scheduled time come: `onStorefront`) and runs without a user,
 * so the storefront never shows a draft or a product before its time, even to a signed-in admin browsing
 * the shop.
 */
const FEATURED_LIMIT = 8;
const TOP_CATEGORIES_LIMIT = 5;
const LATEST_RECIPES_LIMIT = 3;
const SUGGESTION_LIMIT = 8;

const asDocs = (docs: unknown[]) => docs as Doc[];

/** Names of the published categories by id: one small query instead of populating every product. */
function publishedCategoryNames(payload: Payload): Promise<Map<string, string>> {
  return cachedEntry('category-names', async () => {
    const res = await payload.find({
      collection: 'categories',
      where: onStorefront(),
      select: { name: true },
      depth: 0,
      pagination: false,
      overrideAccess: false,
    });
    return new Map(asDocs(res.docs).map((d) => [String(d.id), String(d.name)]));
  });
}

/** Products read at depth 0 carry category ids; the storefront wants {id, name} of published ones. */
async function toPublicProducts(payload: Payload, docs: unknown[]): Promise<PublicProduct[]> {
  const names = await publishedCategoryNames(payload);
  return asDocs(docs).map((doc) => {
    const ids = Array.isArray(doc.categories) ? doc.categories.map((c) => String((c as Doc)?.id ?? c)) : [];
    const categories = ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
    return toPublicProduct({ ...doc, categories });
  });
}
const and = (...wheres: Where[]): Where => ({ and: wheres });
interface ShelfItem extends SearchableProduct {
  id: string;
}

/**
 * Every published product with what a search reads (name, description, category names), in the storefront's
 * default order: most stars first, then by name. Small (a family shop's catalogue) and cached with the rest of
 * the catalogue, so a search ranks in memory: accents and case folded, which SQL LIKE cannot do on SQLite.
 */
function searchShelf(payload: Payload): Promise<ShelfItem[]> {
  return cachedEntry('search-shelf', async () => {
    const [names, res] = await Promise.all([
      publishedCategoryNames(payload),
      payload.find({
        collection: 'products',
        where: onStorefront(),
        select: { name: true, description: true, categories: true },
        sort: ['-stars', 'name'],
        depth: 0,
        pagination: false,
        overrideAccess: false,
      }),
    ]);
    return asDocs(res.docs).map((doc) => ({
      id: String(doc.id),
      name: String(doc.name ?? ''),
      description: String(doc.description ?? ''),
      categoryNames: (Array.isArray(doc.categories) ? doc.categories : [])
        .map((c) => names.get(String((c as Doc)?.id ?? c)))
        .filter((name): name is string => Boolean(name)),
    }));
  });
}

/** The published products with these ids, in the order of `ids`. */
async function productsInOrder(payload: Payload, ids: string[]): Promise<PublicProduct[]> {
  if (ids.length === 0) return [];
  const res = await payload.find({
    collection: 'products',
    where: and(onStorefront(), { id: { in: ids } }),
    depth: 0,
    limit: ids.length,
    pagination: false,
    overrideAccess: false,
  });
  const byId = new Map(asDocs(res.docs).map((doc) => [String(doc.id), doc]));
  return toPublicProducts(
    payload,
    ids.map((id) => byId.get(id)).filter((doc): doc is Doc => doc !== undefined),
  );
}

async function loadListProducts(
  payload: Payload,
  q: { search?: string; page?: number; limit?: number },
): Promise<{ items: PublicProduct[]; pagination: Pagination }> {
  const limit = q.limit ?? 10;
  const page = q.page ?? 1;
  if (searchTerms(q.search).length > 0) {
    // Name, description and category names, best matches first (packages/shared/src/search.ts).
    const ranked = rankProducts(q.search, await searchShelf(payload));
    const pageIds = ranked.slice((page - 1) * limit, page * limit).map((item) => item.id);
    return { items: await productsInOrder(payload, pageIds), pagination: { count: ranked.length, page, limit } };
  }
  const res = await payload.find({
    collection: 'products',
    where: onStorefront(),
    sort: ['-stars', 'name'],
    page,
    limit,
    depth: 0,
    overrideAccess: false,
  });
  return { items: await toPublicProducts(payload, res.docs), pagination: { count: res.totalDocs, page, limit } };
}

/** The names of the best eight matches, ranked as the search results are. */
async function loadProductSuggestions(payload: Payload, search: string | undefined): Promise<Suggestion[]> {
  const text = search?.trim() ?? '';
  // The storefront asks only above 2 characters; the server keeps the same rule so a stray call is cheap.
  if (text.length <= 2) return [];
  return rankProducts(text, await searchShelf(payload))
    .slice(0, SUGGESTION_LIMIT)
    .map((item) => ({ id: item.id, name: item.name }));
}

async function loadGetProduct(payload: Payload, id: string): Promise<PublicProduct> {
  const res = await payload.find({
    collection: 'products',
    where: and(onStorefront(), { id: { equals: id } }),
    limit: 1,
    depth: 0,
    overrideAccess: false,
  });
  const doc = res.docs[0] as Doc | undefined;
  if (!doc) throw notFound('Product not found');
  return (await toPublicProducts(payload, [doc]))[0];
}

async function latestProduct(payload: Payload, where: Where): Promise<PublicProduct | null> {
  const res = await payload.find({
    collection: 'products',
    where,
    sort: '-createdAt',
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  const doc = res.docs[0] as Doc | undefined;
  return doc ? (await toPublicProducts(payload, [doc]))[0] : null;
}

/** Cart lines: only published products come back; the cart flags the ids that are missing. */
async function loadCartProducts(payload: Payload, ids: string[]): Promise<PublicProduct[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const res = await payload.find({
    collection: 'products',
    where: and(onStorefront(), { id: { in: unique } }),
    limit: unique.length,
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  return toPublicProducts(payload, res.docs);
}

/** Published product count per category id. */
async function productCounts(payload: Payload): Promise<Map<string, number>> {
  const res = await payload.find({
    collection: 'products',
    where: onStorefront(),
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
async function loadListCategories(payload: Payload): Promise<PublicCategory[]> {
  const [res, counts] = await Promise.all([
    payload.find({
      collection: 'categories',
      where: onStorefront(),
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

async function loadGetCategory(payload: Payload, id: string): Promise<CategoryDetail> {
  const res = await payload.find({
    collection: 'categories',
    where: and(onStorefront(), { id: { equals: id } }),
    limit: 1,
    depth: 0,
    overrideAccess: false,
  });
  const doc = res.docs[0] as Doc | undefined;
  if (!doc) throw notFound('Category not found');
  const products = await payload.find({
    collection: 'products',
    where: and(onStorefront(), { categories: { in: [id] } }),
    sort: ['-stars', 'name'],
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  const items = await toPublicProducts(payload, products.docs);
  return { ...toPublicCategory(doc, items.length), products: items };
}

/** The Home tabs: the settings' display order first, then the biggest categories. */
async function loadTopCategories(payload: Payload): Promise<PublicCategory[]> {
  const [categories, settings] = await Promise.all([listCategories(payload), getSettings(payload)]);
  const rank = (id: string) => {
    const i = settings.categories_order.indexOf(id);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...categories]
    .sort((a, b) => rank(a.id) - rank(b.id) || b.products - a.products || a.name.localeCompare(b.name))
    .slice(0, TOP_CATEGORIES_LIMIT);
}

/** Featured products: best rated first, in one category or across the shop ("ALL"). */
async function loadTopProducts(payload: Payload, categoryId: string): Promise<PublicProduct[]> {
  const where = categoryId === 'ALL' ? onStorefront() : and(onStorefront(), { categories: { in: [categoryId] } });
  const res = await payload.find({
    collection: 'products',
    where,
    sort: ['-stars', '-createdAt'],
    limit: FEATURED_LIMIT,
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  return toPublicProducts(payload, res.docs);
}

/**
 * Shoppers read published recipes only. The collection's read access says so for anonymous readers; the
 * query says it again so that nothing cached here ever depends on who happened to ask first.
 */
const PUBLISHED_RECIPE: Where = { _status: { equals: 'published' } };

/**
 * The products each recipe names, in its order, as product cards show them: one query for all the recipes,
 * published and due ones only (`productsInOrder` states the storefront rule), so a product taken off the
 * shop drops out of every recipe at once. Cached with the recipe, so a price change clears both together.
 */
async function recipeProducts(payload: Payload, recipes: Doc[]): Promise<RecipeProduct[][]> {
  const linesPerRecipe = recipes.map((doc) => recipeLines(doc.products));
  const sold = await productsInOrder(payload, [...new Set(linesPerRecipe.flat().map((line) => line.id))]);
  const byId = new Map(sold.map((p) => [p.id, { ...p, unit_price: discountedUnitPrice(p) }]));
  return linesPerRecipe.map((lines) =>
    lines.flatMap(({ id, quantity }) => {
      const product = byId.get(id);
      return product ? [{ ...product, recipe_quantity: quantity }] : [];
    }),
  );
}

async function toRecipes(payload: Payload, docs: unknown[]): Promise<Recipe[]> {
  const recipes = asDocs(docs);
  const [bodies, products] = await Promise.all([
    publicRichTextBodies(
      payload,
      recipes.map((doc) => doc.body),
    ),
    recipeProducts(payload, recipes),
  ]);
  return recipes.map((doc, i) => toRecipe(doc, bodies[i], products[i]));
}

async function loadListRecipes(payload: Payload, limit?: number): Promise<Recipe[]> {
  const res = await payload.find({
    collection: 'recipes',
    where: PUBLISHED_RECIPE,
    sort: '-createdAt',
    depth: 0,
    limit: limit ?? 100,
    pagination: false,
    overrideAccess: false,
  });
  return toRecipes(payload, res.docs);
}

async function loadGetRecipe(payload: Payload, id: string): Promise<Recipe> {
  const res = await payload.find({
    collection: 'recipes',
    where: and(PUBLISHED_RECIPE, { id: { equals: id } }),
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: false,
  });
  if (res.docs.length === 0) throw notFound('Recipe not found');
  return (await toRecipes(payload, res.docs))[0];
}

/** The earliest scheduled publication still to come, of a published product or category (epoch ms). */
async function loadNextPublication(payload: Payload): Promise<number> {
  const now = new Date().toISOString();
  const upcoming = await Promise.all(
    (['products', 'categories'] as const).map((collection) =>
      payload.find({
        collection,
        where: and({ published: { equals: true } }, { publish_at: { greater_than: now } }),
        select: { publish_at: true },
        sort: 'publish_at',
        limit: 1,
        depth: 0,
        pagination: false,
        overrideAccess: true,
      }),
    ),
  );
  const times = upcoming.flatMap((res) => asDocs(res.docs).map((d) => new Date(String(d.publish_at)).getTime()));
  return Math.min(Number.POSITIVE_INFINITY, ...times.filter(Number.isFinite));
}

/**
 * A cached storefront read. No hook fires when a scheduled record comes due, so before anything is cached
 * the cache learns when the next one does, and drops everything then.
 */
async function cached<T>(payload: Payload, key: string, load: () => Promise<T>): Promise<T> {
  await cachedEntry('next-publication', async () => {
    const at = await loadNextPublication(payload);
    expireCatalogAt(at);
    return at;
  });
  return cachedEntry(key, load);
}

// ---- the public API of this module: every read goes through the catalog cache ----

type ListQuery = { search?: string; page?: number; limit?: number };

export const listProducts = (payload: Payload, q: ListQuery) =>
  cached(payload, `products:${JSON.stringify([q.search?.trim() ?? '', q.page ?? 1, q.limit ?? 10])}`, () =>
    loadListProducts(payload, q),
  );
export const productSuggestions = (payload: Payload, search: string | undefined) =>
  cached(payload, `suggestions:${search?.trim() ?? ''}`, () => loadProductSuggestions(payload, search));
export const getProduct = (payload: Payload, id: string) =>
  cached(payload, `product:${id}`, () => loadGetProduct(payload, id));
export const lastNewProduct = (payload: Payload) =>
  cached(payload, 'last-new', () => latestProduct(payload, onStorefront()));
export const lastDiscountProduct = (payload: Payload) =>
  cached(payload, 'last-discount', () =>
    latestProduct(payload, and(onStorefront(), { apply_discount: { equals: true } })),
  );
export const cartProducts = (payload: Payload, ids: string[]) =>
  cached(payload, `cart:${[...new Set(ids)].sort().join(',')}`, () => loadCartProducts(payload, ids));
export const listCategories = (payload: Payload) => cached(payload, 'categories', () => loadListCategories(payload));
export const getCategory = (payload: Payload, id: string) =>
  cached(payload, `category:${id}`, () => loadGetCategory(payload, id));
export const topCategories = (payload: Payload) => cached(payload, 'top-categories', () => loadTopCategories(payload));
export const topProducts = (payload: Payload, categoryId: string) =>
  cached(payload, `top:${categoryId}`, () => loadTopProducts(payload, categoryId));
export const listRecipes = (payload: Payload) => cached(payload, 'recipes', () => loadListRecipes(payload));
export const latestRecipes = (payload: Payload) =>
  cached(payload, 'recipes:latest', () => loadListRecipes(payload, LATEST_RECIPES_LIMIT));
export const getRecipe = (payload: Payload, id: string) =>
  cached(payload, `recipe:${id}`, () => loadGetRecipe(payload, id));
