/**
 * The audit log screen's state (filters and page) and its round trip through the URL's search params, like the
 * orders list: reload, back and a shared link show the same entries.
 */
import { AUDIT_OPERATIONS, AUDITED_COLLECTIONS, type AuditedCollection, type AuditOperation } from '@shop/shared/admin';
import { pageFromSearchParam } from '../../lib/list-params';

export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_AUDIT_PAGE_SIZE = 20;

export interface AuditFilters {
  page: number;
  size: number;
  collection: AuditedCollection | null;
  operation: AuditOperation | null;
  /** An account id. */
  user: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  record: string;
}

export const defaultAuditFilters = (): AuditFilters => ({
  page: 1,
  size: DEFAULT_AUDIT_PAGE_SIZE,
  collection: null,
  operation: null,
  user: '',
  from: '',
  to: '',
  record: '',
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');
const id = (value: string | null) => (value && ID.test(value) ? value : '');

/** Anything unknown or malformed in the URL falls back to the default instead of reaching the server. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const size = Number(params.get('size'));
  return {
    page: pageFromSearchParam(params.get('page')),
    size: (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_AUDIT_PAGE_SIZE,
    collection: oneOf(AUDITED_COLLECTIONS, params.get('collection')),
    operation: oneOf(AUDIT_OPERATIONS, params.get('operation')),
    user: id(params.get('user')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    record: id(params.get('record')),
  };
}

/** Only what differs from the defaults is written, so the plain log stays at a plain /admin/audit-log. */
export function auditFiltersToSearchParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_AUDIT_PAGE_SIZE) params.set('size', String(filters.size));
  if (filters.collection) params.set('collection', filters.collection);
  if (filters.operation) params.set('operation', filters.operation);
  if (filters.user) params.set('user', filters.user);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.record.trim()) params.set('record', filters.record.trim());
  return params;
}

/** The server's query (GET admin/audit-log and its export): the filters without the screen's own names. */
export function auditQuery(filters: AuditFilters, paged: boolean): Record<string, string | number | undefined> {
  return {
    ...(paged ? { page: filters.page, limit: filters.size } : {}),
    collection: filters.collection ?? undefined,
    operation: filters.operation ?? undefined,
    user: filters.user || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    record_id: filters.record.trim() || undefined,
  };
}
