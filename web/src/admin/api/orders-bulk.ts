import type { BulkOrderResult, BulkOrdersInput, OrdersExportQuery } from '@shop/shared/admin';
import { apiPost, apiUrl, withQuery } from '../../lib/api';
import type { OrdersListParams } from './orders';

/** 200 with a result per selected order (changed or why not); 400 when the request itself is refused. */
export const bulkUpdateOrders = (input: BulkOrdersInput) =>
  apiPost<BulkOrderResult[]>('admin/orders/bulk', input satisfies BulkOrdersInput);

/**
 * The address of the CSV of the list as it is filtered now (tab, number, payer, status, sort; every page), or
 * of the selected orders only.
 * The browser downloads it straight to disk: the file is streamed, never held in the page.
 */
export function ordersExportUrl(params: OrdersListParams, selectedIds: readonly string[] = []): string {
  // The selected orders, when there are any, are the file (issue 25 §1.14): the server ignores the filters then.
  const query = {
    tab: params.tab === 'archive' ? 'archive' : undefined,
    search: params.search.trim(),
    number: params.number.trim(),
    status: params.status,
    channel: params.channel,
    sort: params.sort ? ['payer_full_name', params.sort] : undefined,
    ids: selectedIds.length > 0 ? [...selectedIds] : undefined,
  } satisfies Record<keyof OrdersExportQuery, unknown>;
  return apiUrl + withQuery('admin/orders/export', query);
}
