/** The discount codes list's page, page size and search as a typed object, and its round trip through the URL. */
import type { CouponsListParams } from '../../api/coupons';
import { pageFromSearchParam, pageSizeFromSearchParam } from '../../lib/list-params';

export const COUPON_PAGE_SIZES = [10, 20, 50] as const;

export const DEFAULT_COUPONS_LIST: CouponsListParams = { page: 1, size: 10, search: '' };

/** As the search box takes it. */
const MAX_SEARCH = 100;

/** Anything unknown or malformed in the URL falls back to the default instead of reaching the server. */
export function couponsListFromSearchParams(params: URLSearchParams): CouponsListParams {
  return {
    page: pageFromSearchParam(params.get('page')),
    size: pageSizeFromSearchParam(params.get('size'), COUPON_PAGE_SIZES, DEFAULT_COUPONS_LIST.size),
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
