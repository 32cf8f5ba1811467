/**
 * The control centre's categories (SPEC §2 Categories tab and Category form, §7 admin/categories): the list
 * with product counts, one category, create, update; deleting one that still holds products is refused
 * (409), an empty one goes and leaves the settings' display order; malformed input is refused with the field
 * named and nothing stored; a scheduled category reaches the storefront at its time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, isEnvelope, startServer, type TestServer, uid } from './harness';
import { countDocs, createCategory, createProduct, type Doc, updateSettings, uploadImage } from './factories';

let server: TestServer;
let admin: AdminClient;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

const postCategory = (json: unknown) => admin.api('/api/v2/admin/categories', { method: 'POST', json });
const putCategory = (id: string, json: unknown) => admin.api(`/api/v2/admin/categories/${id}`, { method: 'PUT', json });
const deleteCategory = (id: string) => admin.api(`/api/v2/admin/categories/${id}`, { method: 'DELETE' });
const paths = (res: { body: Json }) => (res.body.result as Json[]).map((i) => i.path);

describe('sign-in', () => {
  it.each([
    ['GET', '/api/v2/admin/categories'],
    ['POST', '/api/v2/admin/categories'],
    ['GET', `/api/v2/admin/categories/${UNKNOWN_ID}`],
    ['PUT', `/api/v2/admin/categories/${UNKNOWN_ID}`],
    ['DELETE', `/api/v2/admin/categories/${UNKNOWN_ID}`],
  ])('when %s %s is called without a session cookie, then 401', async (method, path) => {
    const res = await server.api(path, { method, ...(method === 'POST' || method === 'PUT' ? { json: {} } : {}) });
    expect(res.status).toBe(401);
    expect(isEnvelope(res)).toBe(true);
  });

  it('when a stranger deletes an empty category, then 401 and it stays', async () => {
    const category = await createCategory(admin);
    expect((await server.api(`/api/v2/admin/categories/${category.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await admin.api(`/api/v2/admin/categories/${category.id}`)).status).toBe(200);
  });
});

describe('GET /api/v2/admin/categories', () => {
  const tok = `Cat${uid()}`;
  const c = {} as { olive: Doc; pasta: Doc; draft: Doc };

  beforeAll(async () => {
    c.pasta = await createCategory(admin, { name: `${tok} Pasta` });
    c.olive = await createCategory(admin, { name: `${tok} Olive oil` });
    c.draft = await createCategory(admin, { name: `${tok} Zucchero`, published: false });
    await createProduct(admin, { categories: [c.olive.id] });
    await createProduct(admin, { categories: [c.olive.id, c.pasta.id] });
    await createProduct(admin, { categories: [c.olive.id], published: false });
  });

  it('when searched case-insensitively, then every match by name (drafts too) with all its products counted', async () => {
    const res = await admin.api(`/api/v2/admin/categories?search=${tok.toUpperCase()}`);
    expect(res.status).toBe(200);
    const rows = (res.body.result as Json[]).map((r) => [r.name, r.products, r.published]);
    expect(rows).toEqual([
      [`${tok} Olive oil`, 3, true],
      [`${tok} Pasta`, 1, true],
      [`${tok} Zucchero`, 0, false],
    ]);
    expect(res.body.pagination).toEqual({ count: 3, page: 1, limit: 10 });
  });

  it('when page 2 with a limit of 2 is asked for, then the third by name', async () => {
    const res = await admin.api(`/api/v2/admin/categories?search=${tok}&page=2&limit=2`);
    expect((res.body.result as Json[]).map((r) => r.name)).toEqual([`${tok} Zucchero`]);
    expect(res.body.pagination).toEqual({ count: 3, page: 2, limit: 2 });
  });

  it('when the forms ask for 1000 at once, then 200; 1001 is 400 naming limit', async () => {
    expect((await admin.api('/api/v2/admin/categories?limit=1000')).status).toBe(200);
    const res = await admin.api('/api/v2/admin/categories?limit=1001');
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('limit');
  });

  it.each([['page=0'], ['limit=abc'], ['sort[0]=name'], ['search[$like]=a']])(
    'when the query has %s, then 400',
    async (qs) => {
      const res = await admin.api(`/api/v2/admin/categories?${qs}`);
      expect(res.status).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    },
  );
});

describe('GET /api/v2/admin/categories/{id}', () => {
  it('when the category exists (even unpublished), then its fields and product count', async () => {
    const category = await createCategory(admin, { name: 'Bruschetta spreads', published: false });
    await createProduct(admin, { categories: [category.id] });
    await createProduct(admin, { categories: [category.id] });
    const res = await admin.api(`/api/v2/admin/categories/${category.id}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: category.id,
      name: 'Bruschetta spreads',
      description: 'A test category',
      products: 2,
      published: false,
      publish_at: null,
      img: null,
      img_id: null,
    });
  });

  it('when no category has the id, then 404; a malformed id is 400', async () => {
    const missing = await admin.api(`/api/v2/admin/categories/${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.result).toBe('Category not found');
    expect((await admin.api('/api/v2/admin/categories/%27%20OR%201=1')).status).toBe(400);
  });
});

describe('POST and PUT /api/v2/admin/categories', () => {
  it('when a valid form is posted, then 201 with the stored category, name trimmed, id ignored', async () => {
    const image = await uploadImage(admin, { width: 40, height: 30 });
    const res = await postCategory({
      id: 'mine',
      name: '  Dolci  ',
      description: 'Cantucci and more',
      img_id: image.id,
      published: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({
      name: 'Dolci',
      description: 'Cantucci and more',
      img: { id: image.id },
      img_id: image.id,
      products: 0,
      published: true,
      publish_at: null,
    });
    expect(res.body.result.id).not.toBe('mine');
  });

  it('when only a name is posted, then published (SPEC §4 default) with an empty description', async () => {
    const res = await postCategory({ name: 'Name only' });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ name: 'Name only', description: '', published: true, img_id: null });
  });

  it('when the form is put back changed, then 200 with the new values and the product count', async () => {
    const category = await createCategory(admin, { name: 'Old name' });
    await createProduct(admin, { categories: [category.id] });
    const res = await putCategory(category.id, {
      id: category.id,
      name: 'New name',
      description: 'New text',
      img_id: null,
      published: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: category.id,
      name: 'New name',
      description: 'New text',
      published: false,
      products: 1,
    });
  });

  it('when a missing category is put, then 404 and nothing is created', async () => {
    const before = await countDocs(admin, 'categories');
    expect((await putCategory(UNKNOWN_ID, { name: 'Ghost' })).status).toBe(404);
    expect(await countDocs(admin, 'categories')).toBe(before);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['a name of only spaces', { name: '    ' }, 'name'],
    ['no name', { description: 'x' }, 'name'],
    ['a name of 121 characters', { name: 'n'.repeat(121) }, 'name'],
    ['an img_id that is not an asset', { name: 'Ok', img_id: UNKNOWN_ID }, 'img_id'],
    ['a malformed img_id', { name: 'Ok', img_id: '../../etc/passwd' }, 'img_id'],
    ['a description of 2001 characters', { name: 'Ok', description: 'd'.repeat(2001) }, 'description'],
    ['a publish_at that is not a date', { name: 'Ok', publish_at: '2025-13-45' }, 'publish_at'],
    ['published as a number', { name: 'Ok', published: 1 }, 'published'],
  ];

  it.each(bad)('when POSTed with %s, then 400 naming the field and nothing stored', async (_what, json, path) => {
    const before = await countDocs(admin, 'categories');
    const res = await postCategory(json);
    expect(res.status).toBe(400);
    expect(paths(res)).toContain(path);
    expect(await countDocs(admin, 'categories')).toBe(before);
  });

  it.each(bad)('when PUT with %s, then 400 and the category unchanged', async (_what, json, path) => {
    const category = await createCategory(admin, { name: `Kept as is ${uid()}` });
    const before = (await admin.api(`/api/v2/admin/categories/${category.id}`)).body.result;
    const res = await putCategory(category.id, json);
    expect(res.status).toBe(400);
    expect(paths(res)).toContain(path);
    expect((await admin.api(`/api/v2/admin/categories/${category.id}`)).body.result).toEqual(before);
  });

  it('when the body is broken JSON, then 400 and nothing stored', async () => {
    const before = await countDocs(admin, 'categories');
    const res = await admin.api('/api/v2/admin/categories', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Olio"',
    });
    expect(res.status).toBe(400);
    expect(await countDocs(admin, 'categories')).toBe(before);
  });
});

describe('DELETE /api/v2/admin/categories/{id}', () => {
  it('when the category still holds two products (one unpublished), then 409 with the count and nothing deleted', async () => {
    const category = await createCategory(admin);
    const other = await createCategory(admin);
    await createProduct(admin, { categories: [category.id] });
    await createProduct(admin, { categories: [other.id, category.id], published: false });
    const before = await countDocs(admin, 'categories');
    const res = await deleteCategory(category.id);
    expect(res.status).toBe(409);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toBe(
      'This category still holds 2 products. Move them to another category or delete them first.',
    );
    expect(await countDocs(admin, 'categories')).toBe(before);
    expect((await admin.api(`/api/v2/admin/categories/${category.id}`)).body.result.products).toBe(2);
  });

  it('when the category holds one product, then 409 in the singular', async () => {
    const category = await createCategory(admin);
    await createProduct(admin, { categories: [category.id] });
    const res = await deleteCategory(category.id);
    expect(res.status).toBe(409);
    expect(res.body.result).toBe(
      'This category still holds 1 product. Move them to another category or delete them first.',
    );
  });

  it('when its last product moves elsewhere, then the category can be deleted', async () => {
    const category = await createCategory(admin);
    const other = await createCategory(admin);
    const product = await createProduct(admin, { categories: [category.id] });
    expect((await deleteCategory(category.id)).status).toBe(409);
    const moved = await admin.api(`/api/v2/admin/products/${product.id}`, {
      method: 'PUT',
      json: { name: product.name, price: 12.5, categories: [other.id] },
    });
    expect(moved.status).toBe(200);
    expect((await deleteCategory(category.id)).status).toBe(200);
  });

  it('when an empty category in the display order is deleted, then 200 {id}, it is gone and the order forgets it', async () => {
    const first = await createCategory(admin);
    const second = await createCategory(admin);
    await updateSettings(admin, { categories_order: [first.id, second.id] });
    const before = await countDocs(admin, 'categories');

    const res = await deleteCategory(first.id);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id: first.id });
    expect(await countDocs(admin, 'categories')).toBe(before - 1);
    expect((await admin.api(`/api/v2/admin/categories/${first.id}`)).status).toBe(404);
    const config = await admin.api('/api/v2/admin/config');
    expect(config.body.result.shop.categories_order).toEqual([second.id]);
    expect((await deleteCategory(first.id)).status).toBe(404);
  });
});

describe('the storefront follows the categories', () => {
  it('when a category is unpublished, then its storefront page is 404 at once', async () => {
    const category = await createCategory(admin, { name: `Shown ${uid()}` });
    await createProduct(admin, { categories: [category.id] });
    expect((await server.api(`/api/v2/categories/${category.id}`)).status).toBe(200);
    const res = await putCategory(category.id, { name: 'Hidden now', published: false });
    expect(res.status).toBe(200);
    expect((await server.api(`/api/v2/categories/${category.id}`)).status).toBe(404);
  });

  it('when a category is scheduled 2 s ahead, then the storefront lists it only from that time, with no write', async () => {
    const at = new Date(Date.now() + 2000);
    const created = await postCategory({ name: `Later ${uid()}`, publish_at: at.toISOString() });
    expect(created.status).toBe(201);
    const category = created.body.result;
    expect(category.publish_at).toBe(at.toISOString());
    await createProduct(admin, { categories: [category.id] });
    // Let the writes' delayed cache clearing pass, so the reads below fill the cache.
    await sleep(400);
    const listed = async () =>
      ((await server.api('/api/v2/categories')).body.result as Json[]).some((c) => c.id === category.id);

    expect((await server.api(`/api/v2/categories/${category.id}`)).status).toBe(404);
    expect(await listed()).toBe(false);

    await sleep(Math.max(0, at.getTime() - Date.now()) + 300);
    expect((await server.api(`/api/v2/categories/${category.id}`)).status).toBe(200);
    expect(await listed()).toBe(true);
  });
});
