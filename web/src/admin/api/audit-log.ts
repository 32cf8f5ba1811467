import type { AuditEntry } from '@shop/shared/admin';
import useSWR from 'swr';
import { apiUrl, fetchList, type ListPage, withQuery } from '../../lib/api';
import { auditQuery, type AuditFilters } from '../routes/audit-log/audit-filters';

export const auditLogKey = (filters: AuditFilters) => withQuery('admin/audit-log', auditQuery(filters, true));

/** One page of the audit log, newest first; the previous page stays on screen while the next one loads. */
export function useAuditLog(filters: AuditFilters) {
  return useSWR<ListPage<AuditEntry>>(auditLogKey(filters), fetchList, { keepPreviousData: true });
}

/** The CSV of every entry the filters match; the browser streams it to disk. */
export const auditLogExportUrl = (filters: AuditFilters) =>
  apiUrl + withQuery('admin/audit-log/export', auditQuery(filters, false));
