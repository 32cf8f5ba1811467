import { customerIdSchema, customersExportQuerySchema, customersQuerySchema } from '@shop/shared/admin';
import { param, query, requireAdmin, v2 } from '../../lib/endpoint';
import { exportCustomersCsv, getCustomer, listCustomers } from '../../services/admin/customers';

/**
 * Customers (issue 24 §2): who may see them is who may see orders (admins). The export comes before
 * admin/customers/:id, which would otherwise take "export" for an id.
 */
export const adminCustomerEndpoints = [
  v2('get', '/admin/customers', async (req) => {
    const user = requireAdmin(req);
    const { items, pagination } = await listCustomers(req.payload, user, query(req, customersQuerySchema));
    return { result: items, pagination };
  }),
  v2('get', '/admin/customers/export', async (req) => {
    const user = requireAdmin(req);
    return exportCustomersCsv(req.payload, user, query(req, customersExportQuerySchema));
  }),
  v2('get', '/admin/customers/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getCustomer(req.payload, user, customerIdSchema.parse(param(req, 'id'))) };
  }),
];
