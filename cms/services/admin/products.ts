import type { Payload } from 'payload';
import type { z } from 'zod';
import type { AdminProduct, adminProductsQuerySchema, productInputSchema } from '@shop/shared/admin';
import { badRequest } from '../../lib/app-error';
import type { Pagination } from '../../lib/envelope';
import { type Doc, toPublicProduct } from '../mappers';
import { allOf, findByIdOr404, findPage, pageOf } from './admin-queries';
import { categoryNames, isoOrNull, refIds, unknownReferences } from './catalog-refs';
import type { AdminUser } from './sales';
import { wordsInAnyField } from './search';

export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;
export type ProductData = z.output<typeof productInputSchema>;

const DEFAULT_LIMIT = 10;
const SORT_FIELDS = { name: 'name', price: 'price', updated_at: 'updatedAt' } as const;

function toAdminProduct(doc: Doc, names: Map<string, string>): AdminProduct {
  // A category deleted behind the product's back (outside these endpoints) has no name: it is left out.
  const categories = refIds(doc.categories)
    .filter((id) => names.has(id))
    .map((id) => ({ id, name: names.get(id)! }));
  return {
    ...toPublicProduct({ ...doc, categories }),
    publish_at: isoOrNull(doc.publish_at),
    created_at: typeof doc.createdAt === 'string' ? doc.createdAt : '',
    stock_quantity: typeof doc.stock_quantity === 'number' ? doc.stock_quantity : null,
    low_stock_threshold: typeof doc.low_stock_threshold === 'number' ? doc.low_stock_threshold : null,
  };
}

async function toAdminProducts(payload: Payload, user: AdminUser, docs: Doc[]): Promise<AdminProduct[]> {
  const names = await categoryNames(
    payload,
    user,
    docs.flatMap((d) => refIds(d.categories)),
  );
  return docs.map((doc) => toAdminProduct(doc, names));
}

/** The Products tab: every product, drafts and scheduled ones included; newest change first by default. */
export async function listAdminProducts(
  payload: Payload,
  user: AdminUser,
  q: AdminProductsQuery,
): Promise<{ items: AdminProduct[]; pagination: Pagination }> {
  const [column, direction] = q.sort ?? ['updated_at', 'DESC'];
  const { docs, pagination } = await findPage(payload, user, {
    collection: 'products',
    where: allOf([
      await wordsInAnyField(payload, 'products', q.search, ['name']),
      q.inventory ? { inventory_stock: { equals: q.inventory === 'true' } } : undefined,
    ]),
    // The id breaks ties, so equal prices or names never swap places between pages.
    sort: [`${direction === 'DESC' ? '-' : ''}${SORT_FIELDS[column]}`, 'id'],
    ...pageOf(q, DEFAULT_LIMIT),
  });
  return { items: await toAdminProducts(payload, user, docs), pagination };
}

const findProduct = (payload: Payload, user: AdminUser, id: string) =>
  findByIdOr404(payload, 'products', user, id, 'Product not found');

export async function getAdminProduct(payload: Payload, user: AdminUser, id: string): Promise<AdminProduct> {
  return (await toAdminProducts(payload, user, [await findProduct(payload, user, id)]))[0];
}

/** The stored fields for a validated form. `stars` is not the form's: an update keeps it. */
function toRecord(input: ProductData) {
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    categories: [...new Set(input.categories)],
    img: input.img_id ?? null,
    quantity_amount: input.quantity_amount,
    quantity_unit: input.quantity_unit,
    discount_amount: input.discount_amount,
    discount_unit: input.discount_unit,
    apply_discount: input.apply_discount,
    apply_shipping: input.apply_shipping,
    inventory_stock: input.inventory_stock,
    published: input.published,
    publish_at: isoOrNull(input.publish_at),
    // Left out when not sent: the stored count stays.
    ...(input.stock_quantity !== undefined && { stock_quantity: input.stock_quantity }),
    ...(input.low_stock_threshold !== undefined && { low_stock_threshold: input.low_stock_threshold }),
  };
}

async function assertReferencesExist(payload: Payload, user: AdminUser, input: ProductData): Promise<void> {
  const issues = await unknownReferences(payload, user, { categories: input.categories, img_id: input.img_id });
  if (issues.length) throw badRequest(issues);
}

export async function createAdminProduct(payload: Payload, user: AdminUser, input: ProductData): Promise<AdminProduct> {
  await assertReferencesExist(payload, user, input);
  const doc = await payload.create({
    collection: 'products',
    data: toRecord(input),
    depth: 0,
    user,
    overrideAccess: false,
  });
  return getAdminProduct(payload, user, String(doc.id));
}

/** The form sends the whole product: every field is replaced. */
export async function updateAdminProduct(
  payload: Payload,
  user: AdminUser,
  id: string,
  input: ProductData,
): Promise<AdminProduct> {
  const stored = await findProduct(payload, user, id);
  // The count changes through adjustStock, which keeps the reason; the form leaves it out on edit.
  const storedCount = typeof stored.stock_quantity === 'number' ? stored.stock_quantity : null;
  if (input.stock_quantity !== undefined && input.stock_quantity !== storedCount) {
    throw badRequest([
      { path: 'stock_quantity', message: 'Change the count with "Adjust stock": each change keeps its reason' },
    ]);
  }
  await assertReferencesExist(payload, user, input);
  await payload.update({
    collection: 'products',
    id,
    data: toRecord(input),
    depth: 0,
    user,
    overrideAccess: false,
  });
  return getAdminProduct(payload, user, id);
}

/** Orders keep their own copy of each line, so a sold product can go without touching them. */
export async function deleteAdminProduct(payload: Payload, user: AdminUser, id: string): Promise<{ id: string }> {
  await findProduct(payload, user, id);
  await payload.delete({ collection: 'products', id, depth: 0, user, overrideAccess: false });
  return { id };
}
