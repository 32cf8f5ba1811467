/** The descriptions of the customers routes: endpoints/v2/admin-customers.ts (issue 24 §2). */
import { z } from 'zod';
import { customerIdSchema, customersExportQuerySchema, customersQuerySchema } from '@shop/shared/admin';
import { adminCustomerDetailSchema, adminCustomerSchema } from '@shop/shared/responses';
import type { RouteDoc } from './route-doc';

const TAG = 'Admin: customers';
const ABOUT =
  'A customer is everyone behind the orders paid with the same payer email, its case and surrounding spaces ' +
  'ignored. The id is the first 32 hex digits of the SHA-256 of that normalized email. `total_spent` is what ' +
  'was captured less what was refunded, over every order.';

export const adminCustomerDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/admin/customers',
    tag: TAG,
    access: 'admin',
    summary: 'Customers, a page at a time (newest buyer first unless sorted)',
    description: `${ABOUT} The search finds words in the name or email of any of the customer's orders.`,
    query: customersQuerySchema,
    reply: { result: z.array(adminCustomerSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/admin/customers/export',
    tag: TAG,
    access: 'admin',
    summary: 'The customers list as CSV, with its search and sort',
    query: customersExportQuerySchema,
    reply: {
      contentType: 'text/csv',
      description: 'Every matching customer, one a row',
      headers: z.object({ 'Content-Disposition': z.string().meta({ description: 'attachment; filename="…"' }) }),
    },
  },
  {
    method: 'get',
    path: '/admin/customers/:id',
    tag: TAG,
    access: 'admin',
    summary: 'One customer with every order, newest first',
    description: ABOUT,
    params: z.object({ id: customerIdSchema }),
    reply: { result: adminCustomerDetailSchema },
    errors: [404],
  },
];
