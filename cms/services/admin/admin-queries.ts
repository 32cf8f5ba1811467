import type { CollectionSlug, Payload, SelectType, Sort, Where } from 'payload';
import { notFound } from '../../lib/app-error';
import type { Pagination } from '../../lib/envelope';
import type { Doc } from '../mappers';
import type { AdminUser } from './sales';

/**
 * One record as the signed-in admin may see it, or a 404 with `notFoundText`: the screens show that text, so
 * an id that names nothing and one the admin may not see read alike.
 */
export async function findByIdOr404(
  payload: Payload,
  collection: CollectionSlug,
  user: AdminUser,
  id: string,
  notFoundText: string,
): Promise<Doc> {
  const res = await payload.find({
    collection,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  const doc = res.docs[0] as unknown as Doc | undefined;
  if (!doc) throw notFound(notFoundText);
  return doc;
}

/** The page and page size a list query asked for, with the list's own default size. */
export function pageOf(filter: { page?: number; limit?: number }, defaultLimit: number) {
  return { page: filter.page ?? 1, limit: filter.limit ?? defaultLimit };
}

/** Every condition must hold; no conditions match every record. */
export function allOf(conditions: readonly (Where | undefined)[]): Where {
  const and = conditions.filter((c): c is Where => c !== undefined);
  return and.length ? { and } : {};
}

/**
 * Writes `status` unless the record already has it: an unchanged status makes no write, so no hook runs
 * (an order's history gains no entry).
 */
export async function setStatusIfChanged(
  payload: Payload,
  collection: CollectionSlug,
  user: AdminUser,
  doc: Doc,
  status: string,
): Promise<Doc> {
  if (doc.status === status) return doc;
  const updated = await payload.update({
    collection,
    id: String(doc.id),
    data: { status },
    depth: 0,
    user,
    overrideAccess: false,
  });
  return updated as unknown as Doc;
}

export interface PageQuery {
  collection: CollectionSlug;
  where?: Where;
  select?: SelectType;
  sort: Sort;
  page: number;
  limit: number;
  /** The count when the caller knows it from elsewhere (an index of counts): the query then counts nothing. */
  count?: number;
}

/** One page of a control-centre list, counted the way every list's envelope reports it. */
export async function findPage(
  payload: Payload,
  user: AdminUser,
  { collection, where, select, sort, page, limit, count }: PageQuery,
): Promise<{ docs: Doc[]; pagination: Pagination }> {
  const res = await payload.find({
    collection,
    where,
    select,
    sort,
    page,
    limit,
    pagination: count === undefined,
    depth: 0,
    user,
    overrideAccess: false,
  });
  return { docs: res.docs as Doc[], pagination: { count: count ?? res.totalDocs, page, limit } };
}
