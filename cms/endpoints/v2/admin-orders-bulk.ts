import { bulkOrdersSchema, contactsExportQuerySchema, ordersExportQuerySchema } from '@shop/shared/admin';
import { body, query, requireAdmin, v2 } from '../../lib/endpoint';
import { exportContactsCsv } from '../../services/admin/contacts-export';
import { bulkUpdateOrders } from '../../services/admin/orders-bulk';
import { exportOrdersCsv } from '../../services/admin/orders-export';

/**
 * Bulk work on the orders list and the CSV exports (issue 14 parts 3 and 4). Registered before
 * admin/orders/:id, which would otherwise take "export" for an order id.
 */
export const adminOrderBulkEndpoints = [
  v2('post', '/admin/orders/bulk', async (req) => {
    const user = requireAdmin(req);
    return { result: await bulkUpdateOrders(req.payload, user, await body(req, bulkOrdersSchema)) };
  }),
  v2('get', '/admin/orders/export', async (req) => {
    const user = requireAdmin(req);
    const { tab, ...filter } = query(req, ordersExportQuerySchema);
    return exportOrdersCsv(req.payload, user, tab ?? 'open', filter);
  }),
  v2('get', '/admin/contacts/export', async (req) => {
    const user = requireAdmin(req);
    return exportContactsCsv(req.payload, user, query(req, contactsExportQuerySchema));
  }),
];
