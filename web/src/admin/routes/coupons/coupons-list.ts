/** The discount codes list's page, page size and search as a typed object, and its round trip through the URL. */
import type { CouponsListParams } from '../../api/coupons';

export const COUPON_PAGE_SIZES = [10, 20, 50] as const;

export const DEFAULT_COUPONS_LIST: CouponsListParams = { page: 1, size: 10, search: '' };

// The server refuses larger pages with a 400; a hand-edited URL should still show the list.
const MAX_PAGE = 100000;
/** As the search box takes it. */
const MAX_SEARCH = 100;

function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return DEFAULT_COUPONS_LIST.page;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : DEFAULT_COUPONS_LIST.page;
}

function parseSize(value: string | null): number {
  const size = Number(value);
  return (COUPON_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_COUPONS_LIST.size;
}

/** Anything unknown or malformed in the URL falls back to the default instead of reaching the server. */
export function couponsListFromSearchParams(params: URLSearchParams): CouponsListParams {
  return {
    page: parsePage(params.get('page')),
    size: parseSize(params.get('size')),
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH),
  };
}

/** Only what differs from the defaults is written, so the plain list stays at a plain /admin/coupons. */
export function couponsListToSearchParams(list: CouponsListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (list.search.trim()) params.set('search', list.search.trim());
  if (list.page !== DEFAULT_COUPONS_LIST.page) params.set('page', String(list.page));
  if (list.size !== DEFAULT_COUPONS_LIST.size) params.set('size', String(list.size));
  return params;
}
