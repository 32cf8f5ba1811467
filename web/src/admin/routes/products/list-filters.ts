/**
 * The Products and Categories tabs' state (page, size, search, inventory, sort) as typed objects, and their
 * round trip through the URL's search params, so reload, back and shared links show the same list.
 */
import { PRODUCT_SORT_COLUMNS } from '@shop/shared/admin';
import type { CategoriesListParams } from '../../api/categories';
import type { InventoryFilter, ProductSortColumn, ProductsListParams } from '../../api/products';
import { pageFromSearchParam, pageSizeFromSearchParam } from '../../lib/list-params';

export type CatalogStep = 'product' | 'category';

export const CATALOG_TABS: { value: CatalogStep; label: string }[] = [
  { value: 'product', label: 'Products' },
  { value: 'category', label: 'Categories' },
];

export { CATEGORIES_PATH, PRODUCTS_PATH } from '../../components/catalog-paths';

export const isCatalogStep = (value: string | undefined): value is CatalogStep =>
  value === 'product' || value === 'category';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
// The server refuses longer searches with a 400; a hand-edited URL should still show a list.
const MAX_SEARCH = 100;

const parseSearch = (value: string | null) => (value ?? '').trim().slice(0, MAX_SEARCH);

const isSortColumn = (value: string | null): value is ProductSortColumn =>
  (PRODUCT_SORT_COLUMNS as readonly (string | null)[]).includes(value);

export const defaultProductsFilters = (): ProductsListParams => ({
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  search: '',
  inventory: null,
  sort: null,
});

/** Anything unknown or malformed in the URL falls back to the default instead of reaching the server. */
export function parseProductsFilters(params: URLSearchParams): ProductsListParams {
  const inventory = params.get('inventory');
  const column = params.get('sort');
  const order = params.get('order')?.toUpperCase();
  return {
    page: pageFromSearchParam(params.get('page')),
    size: pageSizeFromSearchParam(params.get('size'), PAGE_SIZES, DEFAULT_PAGE_SIZE),
    search: parseSearch(params.get('search')),
    inventory: inventory === 'in' || inventory === 'out' ? (inventory satisfies InventoryFilter) : null,
    sort: isSortColumn(column) ? { column, direction: order === 'DESC' ? 'DESC' : 'ASC' } : null,
  };
}

/** Only what differs from the defaults is written, so the plain list stays at a plain /admin/products/product. */
export function productsFiltersToSearchParams(filters: ProductsListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.size));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.inventory) params.set('inventory', filters.inventory);
  if (filters.sort) {
    params.set('sort', filters.sort.column);
    params.set('order', filters.sort.direction.toLowerCase());
  }
  return params;
}

export const defaultCategoriesFilters = (): CategoriesListParams => ({ page: 1, size: DEFAULT_PAGE_SIZE, search: '' });

export function parseCategoriesFilters(params: URLSearchParams): CategoriesListParams {
  return {
    page: pageFromSearchParam(params.get('page')),
    size: pageSizeFromSearchParam(params.get('size'), PAGE_SIZES, DEFAULT_PAGE_SIZE),
    search: parseSearch(params.get('search')),
  };
}

export function categoriesFiltersToSearchParams(filters: CategoriesListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.size));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return params;
}

/** The table's sort state in antd's terms for a column, from the filter object. */
export function sortOrderOf(sort: ProductsListParams['sort'], column: ProductSortColumn): 'ascend' | 'descend' | null {
  if (!sort || sort.column !== column) return null;
  return sort.direction === 'ASC' ? 'ascend' : 'descend';
}

/** The filter object's sort from antd's sorter (a column key and an order, either possibly empty). */
export function sortFromTable(columnKey: unknown, order: unknown): ProductsListParams['sort'] {
  if (typeof columnKey !== 'string' || !isSortColumn(columnKey)) return null;
  if (order === 'ascend') return { column: columnKey, direction: 'ASC' };
  if (order === 'descend') return { column: columnKey, direction: 'DESC' };
  return null;
}
