import { RECORD_STATUSES, type RecordStatus } from '@shop/shared';
import type { NotificationsFilter, SortOrder } from '../../api/notifications';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const DEFAULT_NOTIFICATIONS_FILTER: NotificationsFilter = {
  page: 1,
  limit: 10,
  search: '',
  status: [],
  order: 'DESC',
};

const isRecordStatus = (value: unknown): value is RecordStatus =>
  typeof value === 'string' && (RECORD_STATUSES as readonly string[]).includes(value);

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

/** Statuses in the enum's order, each once, so equal selections give equal URLs and equal SWR keys. */
const normaliseStatuses = (values: readonly unknown[]): RecordStatus[] =>
  RECORD_STATUSES.filter((status) => values.includes(status));

/**
 * Reads the filter from the page URL. What an old link or a hand-edited address may hold that the server
 * would refuse (page 0, limit 7, status "spam") falls back to the default rather than failing the list.
 */
export function filterFromSearchParams(params: URLSearchParams): NotificationsFilter {
  const limit = positiveInt(params.get('limit'));
  return {
    page: positiveInt(params.get('page')) ?? DEFAULT_NOTIFICATIONS_FILTER.page,
    limit:
      limit !== null && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_NOTIFICATIONS_FILTER.limit,
    search: (params.get('search') ?? '').trim().slice(0, 100),
    status: normaliseStatuses(params.getAll('status').filter(isRecordStatus)),
    order: params.get('order')?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
  };
}

/** The URL form of a filter; defaults are left out so the plain list keeps a plain address. */
export function filterToSearchParams(filter: NotificationsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.page !== DEFAULT_NOTIFICATIONS_FILTER.page) params.set('page', String(filter.page));
  if (filter.limit !== DEFAULT_NOTIFICATIONS_FILTER.limit) params.set('limit', String(filter.limit));
  const search = filter.search.trim();
  if (search) params.set('search', search);
  for (const status of filter.status) params.append('status', status);
  if (filter.order !== DEFAULT_NOTIFICATIONS_FILTER.order) params.set('order', filter.order.toLowerCase());
  return params;
}

/** What antd's Table reports in onChange, reduced to the parts this list uses. */
export interface TableChange {
  current?: number;
  pageSize?: number;
  /** The status column's checked values; null when the filter was cleared. */
  status?: readonly unknown[] | null;
  sortOrder?: 'ascend' | 'descend' | null;
}

const sameStatuses = (a: readonly RecordStatus[], b: readonly RecordStatus[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The next filter after a table change. A new status filter, sort or page size starts again at page 1,
 * because the page the person was on may not exist in the new result; only a page change keeps its page.
 * The sort never turns off: the list always has an order (SPEC §2).
 */
export function applyTableChange(filter: NotificationsFilter, change: TableChange): NotificationsFilter {
  const status = normaliseStatuses((change.status ?? []).filter(isRecordStatus));
  const order: SortOrder =
    change.sortOrder === 'ascend' ? 'ASC' : change.sortOrder === 'descend' ? 'DESC' : filter.order;
  const limit =
    change.pageSize !== undefined && (PAGE_SIZES as readonly number[]).includes(change.pageSize)
      ? change.pageSize
      : filter.limit;
  const resetPage = !sameStatuses(status, filter.status) || order !== filter.order || limit !== filter.limit;
  const page = resetPage ? 1 : change.current !== undefined && change.current >= 1 ? change.current : filter.page;
  return { ...filter, page, limit, status, order };
}

/** A new search starts at page 1 and keeps the other choices. */
export const applySearch = (filter: NotificationsFilter, search: string): NotificationsFilter => ({
  ...filter,
  search: search.trim().slice(0, 100),
  page: 1,
});
