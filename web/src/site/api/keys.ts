/**
 * The storefront's public data, by SWR key: the path below /api/v2/ with its query (lib/api). The hooks of
 * each resource module and the routes' loaders (site/route-data.ts) both name their data from here, so a
 * loader prepares exactly what the page's hooks will ask for. Kept free of SWR and React: the loaders are
 * part of the entry every page loads.
 */
import { withQuery } from '../../lib/api';

export const configKey = 'config';

/** The shop grid loads 10 products per page (SPEC §9). */
export const SHOP_PAGE_SIZE = 10;

export const productsKey = (search: string, page: number, limit = SHOP_PAGE_SIZE) =>
  withQuery('products', { search: search.trim(), limit, page });
export const productKey = (id: string) => `products/${encodeURIComponent(id)}`;
export const suggestionsKey = (search: string) => withQuery('products/suggestions', { search: search.trim() });
export const cartProductsKey = (ids: readonly string[]) => withQuery('products/cart/show', { products: ids });
export const lastNewProductKey = 'products/last/new';
export const lastDiscountProductKey = 'products/last/discount';

/** Suggestions are only worth asking for beyond 2 characters of left-trimmed text (SPEC §5, §9). */
export const shouldSuggest = (text: string): boolean => text.trimStart().length > 2;

/** The URL's `?search=` as the shop applies it (SPEC §5: trimmed; nothing or blanks: no search). */
export const searchFromParams = (params: URLSearchParams): string => (params.get('search') ?? '').trim();

/** The `?page=` of a shop address: a whole number from 1; anything else is the first page. */
export function pageFromParam(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value.trim()));
}

/** The Home tab that lists featured products of every category. */
export const ALL_CATEGORIES = 'ALL';

export const categoriesKey = 'categories';
export const topCategoriesKey = 'categories/list/top';
export const categoryKey = (id: string) => `categories/${encodeURIComponent(id)}`;
export const topProductsKey = (categoryId: string) => `categories/top/${encodeURIComponent(categoryId)}`;

export const recipesKey = 'recipes';
export const latestRecipesKey = 'recipes/last/new';
export const recipeKey = (id: string) => `recipes/${encodeURIComponent(id)}`;
