import type { PayloadRequest } from 'payload';
import { idSchema, paperworkSelectionSchema } from '@shop/shared/admin';
import { body, param, requireAdmin, v2 } from '../../lib/endpoint';
import { orderPaper, type PaperFile, selectionPaper } from '../../services/admin/paperwork/paperwork';

/** A paper as a download; private, since it holds a customer's address. */
function pdfResponse({ filename, pdf }: PaperFile): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      // The name is letters, digits and dashes only (shared orderPaperFileName), so it needs no escaping.
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

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
