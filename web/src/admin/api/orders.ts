import type {
  AdminOrder,
  AdminOrderListItem,
  OrderChannel,
  OrderStatus,
  OrderStatusChangeInput,
  OrderStatusUpdate,
  Refund,
  ShippingCarrier,
  RefundCreateInput,
  RestockInput,
  SalesPoint,
} from '@shop/shared/admin';
import useSWR from 'swr';
import { apiPost, apiPut, fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

/** Open lists the orders still being handled; Archive the completed and cancelled ones (SPEC §2, §4). */
export type OrdersTab = 'open' | 'archive';
export type SortDirection = 'ASC' | 'DESC';

/** What one page of the orders list asks the server for. */
export interface OrdersListParams {
  tab: OrdersTab;
  page: number;
  size: number;
  /** Payer name or email. */
  search: string;
  /** Order number, or part of it. */
  number: string;
  status: OrderStatus[];
  /** Issue 32: online orders only, or the market stall's sales only; absent: both. */
  channel?: OrderChannel;
  /** Direction of the payer-name sort, the list's only sortable column; null leaves the server's order. */
  sort: SortDirection | null;
}

const listPath = (tab: OrdersTab) => (tab === 'archive' ? 'admin/orders/completed' : 'admin/orders');

/**
 * The list's path and query, also its SWR key. Empty texts and lists are left out by withQuery, so an
 * untouched filter sends nothing; status goes as status[0]=…, sort as sort[0]=payer_full_name&sort[1]=ASC.
 */
export const ordersListKey = (params: OrdersListParams) =>
  withQuery(listPath(params.tab), {
    page: params.page,
    limit: params.size,
    search: params.search.trim(),
    number: params.number.trim(),
    status: params.status,
    channel: params.channel,
    sort: params.sort ? ['payer_full_name', params.sort] : undefined,
  });

/** One page of the Open or Archive list; the previous page stays on screen while the next one loads. */
export function useAdminOrders(params: OrdersListParams) {
  return useSWR<ListPage<AdminOrderListItem>>(ordersListKey(params), fetchList, { keepPreviousData: true });
}

export const salesGraphKey = 'admin/orders/create/graph';

/**
 * The Open tab's monthly sales (SPEC §7: loaded once per tab change). The key is dropped while the Archive
 * tab shows, so coming back to Open mounts it again and fetches fresh points; paging does not.
 */
export function useSalesGraph(enabled: boolean) {
  return useSWR<SalesPoint[]>(enabled ? salesGraphKey : null, fetchResult, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

export const adminOrderKey = (id: string) => `admin/orders/${encodeURIComponent(id)}`;

export function useAdminOrder(id: string | undefined) {
  return useSWR<AdminOrder>(id ? adminOrderKey(id) : null, fetchResult, { revalidateOnFocus: false });
}

/**
 * 200 with the changed order; 400 for a status outside the five the selector offers (SPEC §4), or a tracking
 * number with a status other than SHIPPED.
 */
/** `shipDespiteRefund`: the admin answered "ship it anyway?" for an order refunded in full (else a 409). */
export const updateOrderStatus = (
  id: string,
  status: OrderStatusUpdate['status'],
  shipment?: { trackingNumber?: string; carrier?: ShippingCarrier; trackingUrl?: string },
  shipDespiteRefund?: boolean,
) =>
  apiPut<AdminOrder>(adminOrderKey(id), {
    status,
    ...(shipment?.trackingNumber ? { tracking_number: shipment.trackingNumber } : {}),
    ...(shipment?.carrier ? { shipping_carrier: shipment.carrier } : {}),
    ...(shipment?.trackingUrl ? { tracking_url: shipment.trackingUrl } : {}),
    ...(shipDespiteRefund ? { ship_despite_refund: true } : {}),
  } satisfies OrderStatusChangeInput);

/**
 * The move an order makes when an admin opens it (SPEC §4), sent as meant for its current status: 409 when
 * the order has left that status meanwhile (another change landed first), and then nothing changes.
 */
export const moveOrderOnOpen = (id: string, from: OrderStatus, status: OrderStatusUpdate['status']) =>
  apiPut<AdminOrder>(adminOrderKey(id), { status, from } satisfies OrderStatusChangeInput);

/**
 * POST admin/orders/{id}/refunds: 201 with the refund (COMPLETED, or PENDING at PayPal); 202 when PayPal did
 * not answer (the server sends it again); 400 for an amount over what is left; 409/422 when there is nothing
 * to refund or PayPal refused.
 */
export const createRefund = (id: string, input: RefundCreateInput) =>
  apiPost<Refund>(`${adminOrderKey(id)}/refunds`, input);

/**
 * POST admin/orders/{id}/restock: units of a cancelled or refunded order's counted products back to stock
 * (issue 24); 200 with the order, 400 naming the line that cannot go back (more than ordered, done before).
 */
export const restockOrder = (id: string, input: RestockInput) =>
  apiPost<AdminOrder>(`${adminOrderKey(id)}/restock`, input);
