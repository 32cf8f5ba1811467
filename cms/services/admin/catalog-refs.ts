import type { Payload } from 'payload';
import type { Doc } from '../mappers';
import type { AdminUser } from './sales';

/** A reason a write is refused, in the shape zod's issues are reported in, so the form shows both alike. */
export interface Issue {
  path: string;
  message: string;
}

/** The ids among `ids` that name an existing record (as the admin sees them: drafts included). */
async function existingIds(
  payload: Payload,
  user: AdminUser,
  collection: 'categories' | 'assets',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await payload.find({
    collection,
    where: { id: { in: [...ids] } },
    select: { id: true },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  return new Set((res.docs as Doc[]).map((d) => String(d.id)));
}

/**
 * The references a product or category form sends (category ids, an image id) that name nothing: the
 * collections would otherwise store a dangling id or answer with their own error shape.
 */
export async function unknownReferences(
  payload: Payload,
  user: AdminUser,
  refs: { categories?: readonly string[]; img_id?: string | null },
): Promise<Issue[]> {
  const issues: Issue[] = [];
  const categoryIds = [...new Set(refs.categories ?? [])];
  const [categories, assets] = await Promise.all([
    existingIds(payload, user, 'categories', categoryIds),
    existingIds(payload, user, 'assets', refs.img_id ? [refs.img_id] : []),
  ]);
  const unknownCategories = categoryIds.filter((id) => !categories.has(id));
  if (unknownCategories.length) {
    issues.push({ path: 'categories', message: `Unknown categories: ${unknownCategories.join(', ')}` });
  }
  if (refs.img_id && !assets.has(refs.img_id)) {
    issues.push({ path: 'img_id', message: `Unknown image: ${refs.img_id}` });
  }
  return issues;
}

/** Names of categories by id, unpublished ones included: the control centre lists every product's categories. */
export async function categoryNames(
  payload: Payload,
  user: AdminUser,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await payload.find({
    collection: 'categories',
    where: { id: { in: [...new Set(ids)] } },
    select: { name: true },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  return new Map((res.docs as Doc[]).map((d) => [String(d.id), String(d.name ?? '')]));
}

/** Relationship values as stored: ids at depth 0, documents when populated. */
export const refIds = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((v) => String(typeof v === 'object' && v !== null ? (v as Doc).id : v)).filter(Boolean)
    : [];

/**
 * A date as stored and shown: UTC ISO text, or null when empty. SQLite compares stored dates as text, so
 * "12:00+02:00" must reach it as "10:00:00.000Z" for the storefront's publish_at ≤ now to be right.
 */
export const isoOrNull = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value as string | Date);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};
