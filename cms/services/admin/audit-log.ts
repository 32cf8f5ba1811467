import type { Payload, Where } from 'payload';
import type { z } from 'zod';
import type { AuditChanges, AuditEntry, auditLogQuerySchema, AuditOperation } from '@shop/shared/admin';
import { badRequest } from '../../lib/app-error';
import type { Pagination } from '../../lib/envelope';
import { str, type Doc } from '../mappers';
import { allOf, findPage, pageOf } from './admin-queries';
import { csvResponse, datedFilename, pagesOf, type CsvColumn } from './csv-stream';
import type { AdminUser } from './sales';

type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogFilter = Omit<AuditLogQuery, 'page' | 'limit'>;

const DEFAULT_LIMIT = 20;
const SORT = ['-at', '-createdAt'];

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A plain day as a bound: `from` at its first instant, `to` at its last (UTC), so both days are included. */
function bound(value: string, end: boolean): Date {
  if (DAY_ONLY.test(value)) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

/** The filters as one query (they combine with AND); a range that ends before it starts is a 400. */
export function auditLogWhere(filter: AuditLogFilter): Where {
  const from = filter.from ? bound(filter.from, false) : undefined;
  const to = filter.to ? bound(filter.to, true) : undefined;
  if (from && to && from > to) throw badRequest('The date range ends before it starts');
  return allOf([
    filter.collection ? { collection: { equals: filter.collection } } : undefined,
    filter.user ? { user: { equals: filter.user } } : undefined,
    filter.operation ? { operation: { equals: filter.operation } } : undefined,
    filter.record_id ? { record_id: { equals: filter.record_id } } : undefined,
    from ? { at: { greater_than_equal: from.toISOString() } } : undefined,
    to ? { at: { less_than_equal: to.toISOString() } } : undefined,
  ]);
}

const idOf = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : typeof v === 'object' && 'id' in v ? String(v.id) : String(v);

function toAuditEntry(doc: Doc, names: RecordNames = new Map()): AuditEntry {
  const changes = doc.changes && typeof doc.changes === 'object' ? (doc.changes as AuditChanges) : {};
  const collection = str(doc.collection);
  const recordId = str(doc.record_id);
  return {
    id: String(doc.id),
    at: str(doc.at),
    by: str(doc.by),
    user_id: idOf(doc.user),
    collection,
    record_id: recordId,
    record_name: names.get(`${collection}:${recordId}`) ?? nameInChanges(collection, changes),
    operation: str(doc.operation) as AuditOperation,
    changes,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Record names (issue 25 §1.13): the log shows "Pesto genovese", not a uuid.

type RecordNames = Map<string, string>;

/** The fields that name a record of each collection, and how they read together. */
const NAMING: Partial<Record<string, { select: string[]; name: (doc: Record<string, unknown>) => string }>> = {
  products: { select: ['name'], name: (d) => str(d.name) },
  categories: { select: ['name'], name: (d) => str(d.name) },
  recipes: { select: ['name'], name: (d) => str(d.name) },
  changelogs: { select: ['title'], name: (d) => str(d.title) },
  orders: { select: ['number'], name: (d) => str(d.number) },
  users: {
    select: ['firstname', 'lastname', 'email'],
    name: (d) => `${str(d.firstname)} ${str(d.lastname)}`.trim() || str(d.email),
  },
  assets: { select: ['filename'], name: (d) => str(d.filename) },
  coupons: { select: ['code'], name: (d) => str(d.code) },
  notifications: {
    select: ['firstname', 'lastname', 'title'],
    name: (d) => [`${str(d.firstname)} ${str(d.lastname)}`.trim(), str(d.title)].filter(Boolean).join(': '),
  },
};

/** A deleted record's name, from what its entry recorded (a delete keeps the fields' last values). */
function nameInChanges(collection: string, changes: AuditChanges): string | null {
  const naming = NAMING[collection];
  if (!naming) return null;
  const values = Object.fromEntries(
    naming.select.map((field) => [field, changes[field]?.after ?? changes[field]?.before]),
  );
  return naming.name(values) || null;
}

/** The current names of the records a page of entries is about: one query per collection on the page. */
async function recordNames(payload: Payload, docs: Doc[]): Promise<RecordNames> {
  const byCollection = new Map<string, Set<string>>();
  for (const doc of docs) {
    const collection = str(doc.collection);
    if (!NAMING[collection]) continue;
    const ids = byCollection.get(collection) ?? new Set<string>();
    ids.add(str(doc.record_id));
    byCollection.set(collection, ids);
  }
  const names: RecordNames = new Map();
  await Promise.all(
    [...byCollection].map(async ([collection, ids]) => {
      const naming = NAMING[collection]!;
      const found = await payload.find({
        collection: collection as 'products',
        where: { id: { in: [...ids] } },
        select: Object.fromEntries(naming.select.map((field) => [field, true])),
        depth: 0,
        limit: ids.size,
        pagination: false,
        // The admin reads the whole log; its names are what that admin may read anyway.
        overrideAccess: true,
        ...(collection === 'recipes' ? { draft: true } : {}),
      });
      for (const doc of found.docs as Doc[]) {
        const name = naming.name(doc);
        if (name) names.set(`${collection}:${String(doc.id)}`, name);
      }
    }),
  );
  return names;
}

/** One page of the log, newest first. */
export async function listAuditLog(
  payload: Payload,
  user: AdminUser,
  query: AuditLogQuery,
): Promise<{ items: AuditEntry[]; pagination: Pagination }> {
  const { page, limit } = pageOf(query, DEFAULT_LIMIT);
  const { docs, pagination } = await findPage(payload, user, {
    collection: 'audit-log',
    where: auditLogWhere(query),
    sort: SORT,
    page,
    limit,
  });
  const names = await recordNames(payload, docs);
  return { items: docs.map((doc) => toAuditEntry(doc, names)), pagination };
}

/** A row of the export: one changed field of one entry (an entry without fields gives one row of its own). */
interface AuditRow {
  entry: AuditEntry;
  field: string;
  before: unknown;
  after: unknown;
}

const cell = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const COLUMNS: readonly CsvColumn<AuditRow>[] = [
  { header: 'When (UTC)', value: (r) => r.entry.at },
  { header: 'Who', value: (r) => r.entry.by },
  { header: 'User id', value: (r) => r.entry.user_id ?? '' },
  { header: 'Collection', value: (r) => r.entry.collection },
  { header: 'Record id', value: (r) => r.entry.record_id },
  { header: 'Record', value: (r) => r.entry.record_name ?? '' },
  { header: 'Operation', value: (r) => r.entry.operation },
  { header: 'Field', value: (r) => r.field },
  { header: 'Before', value: (r) => cell(r.before) },
  { header: 'After', value: (r) => cell(r.after) },
];

function rowsOf(entry: AuditEntry): AuditRow[] {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return [{ entry, field: '', before: undefined, after: undefined }];
  return fields.map(([field, change]) => ({ entry, field, before: change.before, after: change.after }));
}

async function* auditRowPages(payload: Payload, user: AdminUser, where: Where): AsyncGenerator<AuditRow[]> {
  for await (const docs of pagesOf(payload, user, { collection: 'audit-log', where, sort: SORT })) {
    const names = await recordNames(payload, docs);
    yield docs.map((doc) => toAuditEntry(doc, names)).flatMap(rowsOf);
  }
}

/**
 * The filtered log as a CSV download, newest first, a row per changed field, read from the database a page at a
 * time while the client downloads (no cap, flat memory).
 */
export function exportAuditLog(payload: Payload, user: AdminUser, filter: AuditLogFilter): Response {
  const where = auditLogWhere(filter);
  return csvResponse(datedFilename('audit-log'), COLUMNS, auditRowPages(payload, user, where), (err) =>
    payload.logger.error({ err, msg: 'audit log export failed midway' }),
  );
}
