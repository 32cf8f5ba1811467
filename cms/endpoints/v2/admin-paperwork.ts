import type { PayloadRequest } from 'payload';
import { idSchema, paperworkSelectionSchema } from '@shop/shared/admin';
import { body, param, requireAdmin, v2 } from '../../lib/endpoint';
import { pdfResponse } from '../../lib/pdf-response';
import { orderPaper, selectionPaper } from '../../services/admin/paperwork/paperwork';

const orderId = (req: PayloadRequest) => idSchema.parse(param(req, 'id'));

/**
 * Issue 14 paperwork. Registered before admin/orders/:id, whose GET would otherwise take
 * admin/orders/pick-list.pdf for an order id.
 */
export const adminPaperworkEndpoints = [
  v2('get', '/admin/orders/:id/packing-slip.pdf', async (req) => {
    const user = requireAdmin(req);
    return pdfResponse(await orderPaper(req.payload, user, orderId(req), 'packing-slip'));
  }),
  v2('get', '/admin/orders/:id/invoice.pdf', async (req) => {
    const user = requireAdmin(req);
    return pdfResponse(await orderPaper(req.payload, user, orderId(req), 'invoice'));
  }),
  v2('post', '/admin/orders/packing-slips.pdf', async (req) => {
    const user = requireAdmin(req);
    const { ids } = await body(req, paperworkSelectionSchema);
    return pdfResponse(await selectionPaper(req.payload, user, ids, 'packing-slips'));
  }),
  v2('post', '/admin/orders/pick-list.pdf', async (req) => {
    const user = requireAdmin(req);
    const { ids } = await body(req, paperworkSelectionSchema);
    return pdfResponse(await selectionPaper(req.payload, user, ids, 'pick-list'));
  }),
];
