import type { AdminOrderListItem } from '@shop/shared/admin';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { fetchList, type ListPage } from '../../../lib/api';
import { ordersListKey, type OrdersListParams } from '../../api/orders';
import { ordersFiltersToSearchParams, switchTab } from './orders-filters';

/**
 * What the orders table says when it is empty. A search on the Open tab that finds nothing is asked of the
 * Archive too: an order completed or cancelled is there, and the admin is told so with a link to it there
 * (issue 31 §22) instead of only "No orders match these filters".
 */
export function OrdersEmpty({ filters }: { filters: OrdersListParams }) {
  const searched = filters.number.trim() !== '' || filters.search.trim() !== '';
  const inArchive = switchTab(filters, 'archive');
  const archive = useSWR<ListPage<AdminOrderListItem>>(
    filters.tab === 'open' && searched ? ordersListKey(inArchive) : null,
    fetchList,
  );
  const filtered = searched || filters.status.length > 0;
  const found = archive.data?.count ?? 0;
  if (found === 0) return <>{filtered ? 'No orders match these filters' : 'No orders found'}</>;
  const only = found === 1 ? archive.data?.items[0] : undefined;
  return (
    <span data-testid="orders-in-archive">
      {only ? `Order ${only.number} is in the Archive` : `${found} matching orders are in the Archive`}
      {filters.status.length > 0 ? ' (the status filter is left out there)' : ''}.{' '}
      <Link to={`/admin/orders?${ordersFiltersToSearchParams(inArchive).toString()}`} data-testid="orders-archive-link">
        {only ? 'Show it in the Archive' : 'Show them in the Archive'}
      </Link>
    </span>
  );
}
