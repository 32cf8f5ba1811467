import type { Endpoint } from 'payload';
import { adminConfigSchema } from '@shop/shared/admin';
import { body, requireAdmin, v2 } from '../../lib/endpoint';
import { dashboardCounts } from '../../services/admin/sales';
import { getAdminConfig, updateAdminConfig } from '../../services/admin/settings';
import { adminAuditLogEndpoints } from './admin-audit-log';
import { adminCustomerEndpoints } from './admin-customers';
import { adminOrderEndpoints } from './admin-orders';
import { liveEventEndpoints } from './admin/events';
import { adminPaperworkEndpoints } from './admin-paperwork';
import { adminOrderBulkEndpoints } from './admin-orders-bulk';
import { notificationEndpoints } from './notifications';

/** SPEC §7 Admin: dashboard counts, settings, orders, notifications. */
export const adminEndpoints: Endpoint[] = [
  v2('get', '/admin/config/dashboard', async (req) => {
    const user = requireAdmin(req);
    return { result: await dashboardCounts(req.payload, user) };
  }),
  v2('get', '/admin/config', async (req) => {
    requireAdmin(req);
    return { result: await getAdminConfig(req.payload) };
  }),
  v2('post', '/admin/config', async (req) => {
    const user = requireAdmin(req);
    return { result: await updateAdminConfig(req.payload, user, await body(req, adminConfigSchema)) };
  }),
  ...adminOrderBulkEndpoints,
  ...adminPaperworkEndpoints,
  ...liveEventEndpoints,
  ...adminOrderEndpoints,
  ...adminAuditLogEndpoints,
  ...adminCustomerEndpoints,
  ...notificationEndpoints,
];
