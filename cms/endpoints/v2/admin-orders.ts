import {
  archiveOrdersQuerySchema,
  idSchema,
  openOrdersQuerySchema,
  orderNoteSchema,
  orderStatusChangeSchema,
  refundCreateSchema,
  restockSchema,
} from '@shop/shared/admin';
import { body, param, query, requireAdmin, v2 } from '../../lib/endpoint';
import { getAdminOrder, listAdminOrders, setOrderStatus } from '../../services/admin/orders';
import { addOrderNote, listOrderEvents } from '../../services/admin/order-events';
import { salesGraph } from '../../services/admin/sales';
import { refundOrder } from '../../services/refunds';
import { restockOrder } from '../../services/admin/restock';

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
    const { status, tracking_number, from, ship_despite_refund, shipping_carrier, tracking_url } = await body(
      req,
      orderStatusChangeSchema,
    );
    return {
      result: await setOrderStatus(req, user, id, status, tracking_number, from, ship_despite_refund, {
        shipping_carrier,
        tracking_url,
      }),
    };
  }),
  v2('get', '/admin/orders/:id/events', async (req) => {
    const user = requireAdmin(req);
    return { result: await listOrderEvents(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
  v2('post', '/admin/orders/:id/notes', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const { text } = await body(req, orderNoteSchema);
    return { result: await addOrderNote(req, user, id, text), status: 201 };
  }),
  // 201 with the refund as PayPal left it (COMPLETED or PENDING); 202 when PayPal did not answer and the
  // reconciler sends it again with the same request id.
  v2('post', '/admin/orders/:id/refunds', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const input = await body(req, refundCreateSchema);
    const { refund, httpStatus } = await refundOrder(req, user, id, input);
    return { result: refund, status: httpStatus };
  }),
  // Issue 24: units of a cancelled or refunded order back to stock, once per line; 200 with the order.
  v2('post', '/admin/orders/:id/restock', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const input = await body(req, restockSchema);
    await restockOrder(req, user, id, input);
    return { result: await getAdminOrder(req.payload, user, id) };
  }),
];
