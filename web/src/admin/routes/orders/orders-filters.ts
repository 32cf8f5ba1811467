/**
 * The orders list's state (tab, page, size, filters, sort) as a typed object, and its round trip through
 * the URL's search params, so reload, back and shared links show the same list.
 */
import {
  ARCHIVE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_CHANNELS,
  type OrderChannel,
  type OrderStatus,
} from '@shop/shared';
import type { OrdersListParams, OrdersTab } from '../../api/orders';
import { pageFromSearchParam, pageSizeFromSearchParam } from '../../lib/list-params';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
// The server refuses longer texts with a 400; a hand-edited URL should still show a list.
const MAX_SEARCH = 100;
const MAX_NUMBER = 40;

export const ORDERS_TABS: { value: OrdersTab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'archive', label: 'Archive' },
];

/** The statuses each tab lists, which are also the choices of its status filter (SPEC §2). */
export const statusesFor = (tab: OrdersTab): readonly OrderStatus[] =>
  tab === 'archive' ? ARCHIVE_ORDER_STATUSES : OPEN_ORDER_STATUSES;

export const defaultOrdersFilters = (tab: OrdersTab = 'open'): OrdersListParams => ({
  tab,
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  search: '',
  number: '',
  status: [],
  sort: null,
});

/** Anything unknown or malformed in the URL falls back to the default instead of reaching the server. */
export function parseOrdersFilters(params: URLSearchParams): OrdersListParams {
  const tab: OrdersTab = params.get('tab') === 'archive' ? 'archive' : 'open';
  const allowed = statusesFor(tab);
  const status = [...new Set(params.getAll('status'))].filter((s): s is OrderStatus =>
    (allowed as readonly string[]).includes(s),
  );
  const sort = params.get('sort')?.toUpperCase();
  const channel = ORDER_CHANNELS.find((c) => c === params.get('channel'));
  return {
    tab,
    page: pageFromSearchParam(params.get('page')),
    size: pageSizeFromSearchParam(params.get('size'), PAGE_SIZES, DEFAULT_PAGE_SIZE),
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH),
    number: (params.get('number') ?? '').slice(0, MAX_NUMBER),
    status,
    sort: sort === 'ASC' || sort === 'DESC' ? sort : null,
    // Issue 32: only when chosen, so the plain list's filters stay as they were.
    ...(channel ? { channel: channel as OrderChannel } : {}),
  };
}

/** Only what differs from the defaults is written, so the plain list stays at a plain /admin/orders. */
export function ordersFiltersToSearchParams(filters: OrdersListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tab !== 'open') params.set('tab', filters.tab);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.size));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.number.trim()) params.set('number', filters.number.trim());
  for (const status of filters.status) params.append('status', status);
  if (filters.sort) params.set('sort', filters.sort.toLowerCase());
  if (filters.channel) params.set('channel', filters.channel);
  return params;
}

/**
 * SPEC §2: switching tab starts at page 1 with 10 rows. The status filter belongs to the tab it was chosen
 * on (the two tabs have no status in common); the payer and number searches and the sort apply to both.
 */
export const switchTab = (filters: OrdersListParams, tab: OrdersTab): OrdersListParams => ({
  ...filters,
  tab,
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  status: [],
});
