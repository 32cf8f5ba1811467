import type { Endpoint } from 'payload';
import {
  adminCategoriesQuerySchema,
  adminProductsQuerySchema,
  categoryInputSchema,
  idSchema,
  productInputSchema,
  stockAdjustmentSchema,
} from '@shop/shared/admin';
import { describeActor } from '../../lib/actor';
import { adjustStock } from '../../services/stock';
import { body, param, query, requireAdmin, v2 } from '../../lib/endpoint';
import {
  createAdminCategory,
  deleteAdminCategory,
  getAdminCategory,
  listAdminCategories,
  updateAdminCategory,
} from '../../services/admin/categories';
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  updateAdminProduct,
} from '../../services/admin/products';

// Every handler signs in first, so a request without a session gets 401 whatever else is wrong with it.
const idParam = (req: Parameters<Endpoint['handler']>[0]) => idSchema.parse(param(req, 'id'));

/** SPEC §7 Admin: products and categories of the control centre (drafts and scheduled records included). */
export const adminCatalogEndpoints: Endpoint[] = [
  v2('get', '/admin/products', async (req) => {
    const user = requireAdmin(req);
    const { items, pagination } = await listAdminProducts(req.payload, user, query(req, adminProductsQuerySchema));
    return { result: items, pagination };
  }),
  v2('post', '/admin/products', async (req) => {
    const user = requireAdmin(req);
    const input = await body(req, productInputSchema);
    return { result: await createAdminProduct(req.payload, user, input), status: 201 };
  }),
  v2('get', '/admin/products/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getAdminProduct(req.payload, user, idParam(req)) };
  }),
  v2('put', '/admin/products/:id', async (req) => {
    const user = requireAdmin(req);
    const id = idParam(req);
    const input = await body(req, productInputSchema);
    return { result: await updateAdminProduct(req.payload, user, id, input) };
  }),
  // Issue 24: a change of the count (a market day's sales, a delivery) with its reason, on the audit log.
  v2('post', '/admin/products/:id/stock', async (req) => {
    const user = requireAdmin(req);
    const id = idParam(req);
    const input = await body(req, stockAdjustmentSchema);
    const actor = describeActor(user);
    await adjustStock(req.payload, id, input, { id: actor.by_id, name: actor.by });
    return { result: await getAdminProduct(req.payload, user, id) };
  }),
  v2('delete', '/admin/products/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await deleteAdminProduct(req.payload, user, idParam(req)) };
  }),

  v2('get', '/admin/categories', async (req) => {
    const user = requireAdmin(req);
    const filter = query(req, adminCategoriesQuerySchema);
    const { items, pagination } = await listAdminCategories(req.payload, user, filter);
    return { result: items, pagination };
  }),
  v2('post', '/admin/categories', async (req) => {
    const user = requireAdmin(req);
    const input = await body(req, categoryInputSchema);
    return { result: await createAdminCategory(req.payload, user, input), status: 201 };
  }),
  v2('get', '/admin/categories/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getAdminCategory(req.payload, user, idParam(req)) };
  }),
  v2('put', '/admin/categories/:id', async (req) => {
    const user = requireAdmin(req);
    const id = idParam(req);
    const input = await body(req, categoryInputSchema);
    return { result: await updateAdminCategory(req.payload, user, id, input) };
  }),
  v2('delete', '/admin/categories/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await deleteAdminCategory(req.payload, user, idParam(req)) };
  }),
];
