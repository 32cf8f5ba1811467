import type { Payload } from 'payload';
import type { z } from 'zod';
import type { AdminCategory, adminCategoriesQuerySchema, categoryInputSchema } from '@shop/shared/admin';
import { AppError, badRequest } from '../../lib/app-error';
import type { Pagination } from '../../lib/envelope';
import { type Doc, toPublicCategory } from '../mappers';
import { getSettings } from '../settings';
import { findByIdOr404, findPage, pageOf } from './admin-queries';
import { isoOrNull, refIds, unknownReferences } from './catalog-refs';
import type { AdminUser } from './sales';
import { wordsInAnyField } from './search';

export type AdminCategoriesQuery = z.output<typeof adminCategoriesQuerySchema>;
export type CategoryData = z.output<typeof categoryInputSchema>;

const DEFAULT_LIMIT = 10;

/** How many products (published or not) name each of these categories. */
async function productCounts(payload: Payload, user: AdminUser, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const res = await payload.find({
    collection: 'products',
    where: { categories: { in: ids } },
    select: { categories: true },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  const wanted = new Set(ids);
  for (const doc of res.docs as Doc[]) {
    for (const id of new Set(refIds(doc.categories))) {
      if (wanted.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

function toAdminCategory(doc: Doc, products: number): AdminCategory {
  return {
    ...toPublicCategory(doc, products),
    publish_at: isoOrNull(doc.publish_at),
    created_at: typeof doc.createdAt === 'string' ? doc.createdAt : '',
  };
}

async function toAdminCategories(payload: Payload, user: AdminUser, docs: Doc[]): Promise<AdminCategory[]> {
  const counts = await productCounts(
    payload,
    user,
    docs.map((d) => String(d.id)),
  );
  return docs.map((doc) => toAdminCategory(doc, counts.get(String(doc.id)) ?? 0));
}

/** The Categories tab and the forms' category pickers: every category, by name. */
export async function listAdminCategories(
  payload: Payload,
  user: AdminUser,
  q: AdminCategoriesQuery,
): Promise<{ items: AdminCategory[]; pagination: Pagination }> {
  const { docs, pagination } = await findPage(payload, user, {
    collection: 'categories',
    where: (await wordsInAnyField(payload, 'categories', q.search, ['name'])) ?? {},
    sort: ['name', 'id'],
    ...pageOf(q, DEFAULT_LIMIT),
  });
  return { items: await toAdminCategories(payload, user, docs), pagination };
}

const findCategory = (payload: Payload, user: AdminUser, id: string) =>
  findByIdOr404(payload, 'categories', user, id, 'Category not found');

export async function getAdminCategory(payload: Payload, user: AdminUser, id: string): Promise<AdminCategory> {
  return (await toAdminCategories(payload, user, [await findCategory(payload, user, id)]))[0];
}

function toRecord(input: CategoryData) {
  return {
    name: input.name,
    description: input.description,
    img: input.img_id ?? null,
    published: input.published,
    publish_at: isoOrNull(input.publish_at),
  };
}

async function assertImageExists(payload: Payload, user: AdminUser, input: CategoryData): Promise<void> {
  const issues = await unknownReferences(payload, user, { img_id: input.img_id });
  if (issues.length) throw badRequest(issues);
}

export async function createAdminCategory(
  payload: Payload,
  user: AdminUser,
  input: CategoryData,
): Promise<AdminCategory> {
  await assertImageExists(payload, user, input);
  const doc = await payload.create({
    collection: 'categories',
    data: toRecord(input),
    depth: 0,
    user,
    overrideAccess: false,
  });
  return getAdminCategory(payload, user, String(doc.id));
}

/** The form sends the whole category: every field is replaced. */
export async function updateAdminCategory(
  payload: Payload,
  user: AdminUser,
  id: string,
  input: CategoryData,
): Promise<AdminCategory> {
  await findCategory(payload, user, id);
  await assertImageExists(payload, user, input);
  await payload.update({
    collection: 'categories',
    id,
    data: toRecord(input),
    depth: 0,
    user,
    overrideAccess: false,
  });
  return getAdminCategory(payload, user, id);
}

export const categoryStillHoldsProducts = (count: number) =>
  `This category still holds ${count} ${count === 1 ? 'product' : 'products'}. ` +
  'Move them to another category or delete them first.';

/**
 * Refused while any product (published or not) is in the category: deleting it would leave those products
 * in no category, or silently drop one of theirs. The settings' display order forgets it too.
 */
export async function deleteAdminCategory(payload: Payload, user: AdminUser, id: string): Promise<{ id: string }> {
  await findCategory(payload, user, id);
  const held = (await productCounts(payload, user, [id])).get(id) ?? 0;
  if (held > 0) throw new AppError(409, categoryStillHoldsProducts(held));
  await payload.delete({ collection: 'categories', id, depth: 0, user, overrideAccess: false });

  const { categories_order } = await getSettings(payload);
  if (categories_order.includes(id)) {
    await payload.updateGlobal({
      slug: 'shop-settings',
      data: { categories_order: categories_order.filter((c) => c !== id) },
      depth: 0,
      user,
      overrideAccess: false,
    });
  }
  return { id };
}
