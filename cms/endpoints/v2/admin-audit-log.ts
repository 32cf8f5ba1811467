import { auditLogExportQuerySchema, auditLogQuerySchema } from '@shop/shared/admin';
import { query, requireAdmin, v2 } from '../../lib/endpoint';
import { exportAuditLog, listAuditLog } from '../../services/admin/audit-log';

/** The audit log (issue 14): admins only, an editor's session is a 403. */
export const adminAuditLogEndpoints = [
  v2('get', '/admin/audit-log', async (req) => {
    const user = requireAdmin(req);
    const { items, pagination } = await listAuditLog(req.payload, user, query(req, auditLogQuerySchema));
    return { result: items, pagination };
  }),
  v2('get', '/admin/audit-log/export', async (req) => {
    const user = requireAdmin(req);
    return exportAuditLog(req.payload, user, query(req, auditLogExportQuerySchema));
  }),
];
