import type { Payload, PayloadRequest } from 'payload';
import { recipeLines, type RecipeLine } from '@shop/shared';
import type { AdminRecipe, AdminRecipeProduct, RecipeAdminStatus } from '@shop/shared/admin';
import { badRequest } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import { num, str, type Doc } from '../mappers';
import { findByIdOr404 } from './admin-queries';
import type { AdminUser } from './sales';

/**
 * The control centre's recipes screen (issue 15 part 3): it only chooses which products a recipe uses. The
 * recipe itself (texts, picture, drafts, scheduled publishing) is written in the /cms panel, so a write here
 * must neither publish an editor's unfinished draft nor unpublish a published recipe nor drop a draft.
 *
 * Payload keeps the published recipe in the collection's own table and every draft only as a version: a
 * draft save never touches the published record, and a publish starts from the newest version (the draft, if
 * there is one). Hence the two reads below and the careful writes in `setRecipeProducts`.
 */

const RECIPE_NOT_FOUND = 'Recipe not found';
/** A family shop's recipes fit one screen; the list is not paged. */
const LIST_LIMIT = 200;

/** The fields of a stored recipe that are its content, as a write takes them back. */
function contentOf(doc: Doc): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, _status: _s, ...content } = doc;
  return content;
}

function statusOf(published: Doc | undefined, latest: Doc): RecipeAdminStatus {
  if (str(published?._status) !== 'published') return 'draft';
  return str(latest._status) === 'draft' ? 'changed' : 'published';
}

/** Products by id as the admin sees them (unpublished ones included), for the names and flags the screen shows. */
async function productsById(payload: Payload, user: AdminUser, ids: string[]): Promise<Map<string, Doc>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const res = await payload.find({
    collection: 'products',
    where: { id: { in: unique } },
    select: { name: true, price: true, published: true, inventory_stock: true },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  return new Map((res.docs as Doc[]).map((doc) => [String(doc.id), doc]));
}

const toAdminRecipeProduct = (doc: Doc, quantity: number): AdminRecipeProduct => ({
  id: String(doc.id),
  name: str(doc.name),
  price: num(doc.price),
  published: Boolean(doc.published),
  inventory_stock: Boolean(doc.inventory_stock),
  quantity,
});

/** The ids a stored product list names. */
const lineIds = (value: unknown): string[] => recipeLines(value).map((line) => line.id);

/**
 * The list as the recipe stores it: one row per product with its quantity. A product already in `doc`'s list
 * keeps its row id, so an unchanged row is not a change (the audit log compares the rows).
 */
function toRows(doc: Doc, lines: readonly RecipeLine[]): Array<Record<string, unknown>> {
  const rowIds = new Map<string, string>();
  for (const row of Array.isArray(doc.products) ? doc.products : []) {
    if (typeof row === 'object' && row !== null && 'product' in row && 'id' in row) {
      rowIds.set(String((row as Doc).product), String((row as Doc).id));
    }
  }
  return lines.map(({ id, quantity }) => {
    const rowId = rowIds.get(id);
    return rowId ? { id: rowId, product: id, quantity } : { product: id, quantity };
  });
}

/**
 * `latest` is the newest version (what the panel shows and the next publish sends to shoppers); after a write
 * here it holds the same product list as the published recipe.
 */
function toAdminRecipe(latest: Doc, published: Doc | undefined, products: Map<string, Doc>): AdminRecipe {
  return {
    id: String(latest.id),
    name: str(latest.name),
    status: statusOf(published, latest),
    products: recipeLines(latest.products).flatMap(({ id, quantity }) => {
      const doc = products.get(id);
      return doc ? [toAdminRecipeProduct(doc, quantity)] : [];
    }),
    updated_at: str(latest.updatedAt),
  };
}

/** Every recipe, newest change first: name, publication state and the products it names. */
export async function listAdminRecipes(payload: Payload, user: AdminUser): Promise<AdminRecipe[]> {
  const query = { collection: 'recipes', depth: 0, limit: LIST_LIMIT, pagination: false, user } as const;
  const [latest, published] = await Promise.all([
    payload.find({ ...query, sort: '-updatedAt', draft: true, overrideAccess: false }),
    payload.find({ ...query, select: { _status: true }, draft: false, overrideAccess: false }),
  ]);
  const publishedById = new Map((published.docs as Doc[]).map((doc) => [String(doc.id), doc]));
  const docs = latest.docs as Doc[];
  const products = await productsById(
    payload,
    user,
    docs.flatMap((doc) => lineIds(doc.products)),
  );
  return docs.map((doc) => toAdminRecipe(doc, publishedById.get(String(doc.id)), products));
}

/** The recipe's stored record (published, or the first draft) and its newest version. */
async function readRecipe(
  payload: Payload,
  user: AdminUser,
  id: string,
  req?: PayloadRequest,
): Promise<{ stored: Doc; latest: Doc }> {
  const stored = await findByIdOr404(payload, 'recipes', user, id, RECIPE_NOT_FOUND);
  const latest = (await payload.findByID({
    collection: 'recipes',
    id,
    draft: true,
    depth: 0,
    req,
    user,
    overrideAccess: false,
  })) as unknown as Doc;
  return { stored, latest };
}

export async function getAdminRecipe(payload: Payload, user: AdminUser, id: string): Promise<AdminRecipe> {
  const { stored, latest } = await readRecipe(payload, user, id);
  return toAdminRecipe(latest, stored, await productsById(payload, user, lineIds(latest.products)));
}

/**
 * Only products shoppers can be offered may be chosen: an unknown id and an unpublished product are refused
 * by name, so the admin sees what to fix. (A product unpublished later simply drops out of the recipe page.)
 */
async function assertSellable(payload: Payload, user: AdminUser, ids: string[]): Promise<void> {
  const found = await productsById(payload, user, ids);
  const unknown = ids.filter((id) => !found.has(id));
  const unpublished = ids.filter((id) => found.has(id) && !found.get(id)!.published);
  const issues = [];
  if (unknown.length) issues.push({ path: 'products', message: `Unknown products: ${unknown.join(', ')}` });
  if (unpublished.length) {
    const names = unpublished.map((id) => `${str(found.get(id)!.name)} (${id})`);
    issues.push({ path: 'products', message: `Not published, so shoppers could not buy them: ${names.join(', ')}` });
  }
  if (issues.length) throw badRequest(issues);
}

/**
 * Replaces the recipe's product list (each product with its quantity), keeping its publication state:
 * - published, no pending draft: the published record gets the list (one publish of its own content);
 * - published with a pending draft: the published record gets the list from its own content (the draft's
 *   text must not go live), then the draft is saved again with the list, so it stays the newest version and
 *   the panel still shows the editor's work;
 * - never published: a new draft version with the list; shoppers see nothing until the panel publishes it.
 * Both writes of the second case land together (one transaction). Each write goes through Payload with the
 * admin's `req`, so the collection's hooks run: the audit log records it and the catalogue cache is cleared.
 */
export async function setRecipeProducts(
  req: PayloadRequest,
  user: AdminUser,
  id: string,
  lines: RecipeLine[],
): Promise<AdminRecipe> {
  await findByIdOr404(req.payload, 'recipes', user, id, RECIPE_NOT_FOUND);
  await assertSellable(
    req.payload,
    user,
    lines.map((line) => line.id),
  );
  await withTransaction(req, async () => {
    const { stored, latest } = await readRecipe(req.payload, user, id, req);
    const write = (data: Record<string, unknown>, draft: boolean) =>
      req.payload.update({ collection: 'recipes', id, data, draft, depth: 0, req, user, overrideAccess: false });
    const status = statusOf(stored, latest);
    if (status !== 'draft') {
      await write({ ...contentOf(stored), products: toRows(stored, lines), _status: 'published' }, false);
    }
    if (status !== 'published') {
      await write({ ...contentOf(latest), products: toRows(latest, lines), _status: 'draft' }, true);
    }
  });
  return getAdminRecipe(req.payload, user, id);
}
