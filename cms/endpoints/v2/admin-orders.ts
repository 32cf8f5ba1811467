import { archiveOrdersQuerySchema, idSchema, openOrdersQuerySchema, orderStatusUpdateSchema } from '@shop/shared/admin';
import { body, param, query, requireAdmin, v2 } from '../../lib/endpoint';
import { getAdminOrder, listAdminOrders, setOrderStatus } from '../../services/admin/orders';
import { salesGraph } from '../../services/admin/sales';

// Every handler signs in first, so a request without a session gets 401 whatever else is wrong with it.
// Fixed paths come before admin/orders/:id because Payload matches root endpoints in order.
export const adminOrderEndpoints = [
  v2('get', '/admin/orders', async (req) => {
    const user = requireAdmin(req);
    const { items, pagination } = await listAdminOrders(req.payload, user, 'open', query(req, openOrdersQuerySchema));
    return { result: items, pagination };
  }),
  v2('get', '/admin/orders/completed', async (req) => {
    const user = requireAdmin(req);
    const filter = query(req, archiveOrdersQuerySchema);
    const { items, pagination } = await listAdminOrders(req.payload, user, 'archive', filter);
    return { result: items, pagination };
  }),
  v2('get', '/admin/orders/create/graph', async (req) => {
    const user = requireAdmin(req);
    return { result: await salesGraph(req.payload, user) };
  }),
  v2('get', '/admin/orders/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getAdminOrder(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
  v2('put', '/admin/orders/:id', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const { status } = await body(req, orderStatusUpdateSchema);
    return { result: await setOrderStatus(req.payload, user, id, status) };
  }),
];
