/**
 * Recipes that fill the cart (issue 15 part 3): the control centre chooses which products a recipe uses
 * (GET/PUT /api/v2/admin/recipes[/:id]); the storefront's recipe carries the published ones with their prices
 * after discounts and their availability. A write here keeps the recipe's publication state and the /cms
 * panel's drafts, is audited, and refuses unknown or unpublished products without changing anything. A
 * database made before quantities existed keeps its lists as one of each (migration recipe_product_quantities).
 */
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, isEnvelope, startServer, type TestServer, uid } from './harness';
import { createCategory, createEditor, createProduct, createRecipe, type Doc, signInAs } from './factories';

let server: TestServer;
let admin: AdminClient;
let editor: AdminClient;
let category: Doc;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  editor = await signInAs(server, await createEditor(admin), 'panel');
  category = await createCategory(admin);
});

afterAll(async () => {
  await server?.stop();
});

const putProducts = (recipeId: string, products: unknown, client: AdminClient = admin) =>
  client.api(`/api/v2/admin/recipes/${recipeId}`, { method: 'PUT', json: { products } });
const adminRecipe = async (recipeId: string) => (await admin.api(`/api/v2/admin/recipes/${recipeId}`)).body.result;
const publicRecipe = (recipeId: string) => server.api(`/api/v2/recipes/${recipeId}`);
const ids = (products: Array<{ id: string }>) => products.map((p) => p.id);

/** Payload's REST API as the panel uses it: `draft=true` saves a draft version, leaving the published one. */
const saveDraft = (recipeId: string, data: Record<string, unknown>) =>
  admin.api(`/api/recipes/${recipeId}?draft=true`, { method: 'PATCH', json: { ...data, _status: 'draft' } });

/** Three products with different price rules, and one that is not published. */
async function shelf() {
  const tag = uid();
  const oil = await createProduct(admin, { name: `Oil ${tag}`, price: 12.5, categories: [category.id] });
  const vinegar = await createProduct(admin, {
    name: `Vinegar ${tag}`,
    price: 20,
    apply_discount: true,
    discount_unit: '%',
    discount_amount: 10,
    categories: [category.id],
  });
  const pasta = await createProduct(admin, {
    name: `Pasta ${tag}`,
    price: 9.9,
    apply_discount: true,
    discount_unit: 'CASH',
    discount_amount: 2.5,
    inventory_stock: false,
    categories: [category.id],
  });
  const hidden = await createProduct(admin, {
    name: `Hidden ${tag}`,
    price: 5,
    published: false,
    categories: [category.id],
  });
  return { oil, vinegar, pasta, hidden };
}

describe('the admin chooses the products, the storefront shows them', () => {
  it('when the admin sets three products, then the public recipe lists them in that order with list price, price after discount and availability', async () => {
    const { oil, vinegar, pasta } = await shelf();
    const recipe = await createRecipe(admin);

    const res = await putProducts(recipe.id, [vinegar.id, oil.id, pasta.id]);
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('published');
    expect(ids(res.body.result.products)).toEqual([vinegar.id, oil.id, pasta.id]);

    const shown = await publicRecipe(recipe.id);
    expect(shown.status).toBe(200);
    const products = shown.body.result.products as Json[];
    expect(ids(products)).toEqual([vinegar.id, oil.id, pasta.id]);
    // 20 − 10 % = 18; 12.50 without discount; 9.90 − 2.50 = 7.40.
    expect(products.map((p) => [p.price, p.unit_price, p.inventory_stock])).toEqual([
      [20, 18, true],
      [12.5, 12.5, true],
      [9.9, 7.4, false],
    ]);
    expect(products[1]).toMatchObject({ name: oil.name, quantity_amount: 500, quantity_unit: 'Ml' });
  });

  it('when a chosen product is unpublished later, then the recipe leaves it out; when a price changes, then the recipe shows the new price at once', async () => {
    const { oil, vinegar } = await shelf();
    const recipe = await createRecipe(admin);
    expect((await putProducts(recipe.id, [oil.id, vinegar.id])).status).toBe(200);
    // Read once, so the recipe sits in the catalogue cache before the products change.
    expect(ids((await publicRecipe(recipe.id)).body.result.products)).toEqual([oil.id, vinegar.id]);

    expect((await admin.api(`/api/products/${oil.id}`, { method: 'PATCH', json: { published: false } })).status).toBe(
      200,
    );
    expect((await admin.api(`/api/products/${vinegar.id}`, { method: 'PATCH', json: { price: 30 } })).status).toBe(200);

    const products = (await publicRecipe(recipe.id)).body.result.products as Json[];
    // 30 − 10 % = 27.
    expect(products.map((p) => [p.id, p.price, p.unit_price])).toEqual([[vinegar.id, 30, 27]]);
    // The control centre still names both, so the admin sees what the recipe holds.
    expect((await adminRecipe(recipe.id)).products.map((p: Json) => [p.id, p.published])).toEqual([
      [oil.id, false],
      [vinegar.id, true],
    ]);
  });

  it('when the recipe list is read, then each recipe comes with its status and its products', async () => {
    const { oil, vinegar } = await shelf();
    const recipe = await createRecipe(admin, { name: `Listed ${uid()}` });
    await putProducts(recipe.id, [oil.id, vinegar.id]);

    const res = await admin.api('/api/v2/admin/recipes');
    expect(res.status).toBe(200);
    const row = (res.body.result as Json[]).find((r) => r.id === recipe.id);
    expect(row).toMatchObject({ name: recipe.name, status: 'published' });
    expect(row.products).toHaveLength(2);
    expect(res.body.pagination.count).toBe((res.body.result as Json[]).length);
  });

  it('when the list is emptied, then the public recipe has no products', async () => {
    const { oil } = await shelf();
    const recipe = await createRecipe(admin);
    await putProducts(recipe.id, [oil.id]);
    const res = await putProducts(recipe.id, []);
    expect(res.status).toBe(200);
    expect((await publicRecipe(recipe.id)).body.result.products).toEqual([]);
  });
});

describe('how many of each product (issue 23)', () => {
  const quantities = (products: Json[]) => products.map((p) => [p.id, p.recipe_quantity ?? p.quantity]);

  it('when the admin sets two jars of one product, then the admin and the public recipe carry the quantities', async () => {
    const { oil, vinegar } = await shelf();
    const recipe = await createRecipe(admin);
    const res = await putProducts(recipe.id, [{ id: oil.id, quantity: 2 }, vinegar.id]);
    expect(res.status).toBe(200);
    expect(quantities(res.body.result.products)).toEqual([
      [oil.id, 2],
      [vinegar.id, 1],
    ]);
    expect(quantities((await adminRecipe(recipe.id)).products)).toEqual([
      [oil.id, 2],
      [vinegar.id, 1],
    ]);
    const shown = (await publicRecipe(recipe.id)).body.result.products as Json[];
    expect(shown.map((p) => [p.id, p.recipe_quantity])).toEqual([
      [oil.id, 2],
      [vinegar.id, 1],
    ]);
    const list = (await admin.api('/api/v2/admin/recipes')).body.result as Json[];
    expect(quantities(list.find((r) => r.id === recipe.id)!.products)).toEqual([
      [oil.id, 2],
      [vinegar.id, 1],
    ]);
  });

  it("when a quantity is set through Payload's REST API, then /api/recipes stores the rows and the storefront adds that many", async () => {
    const { oil, vinegar } = await shelf();
    const recipe = await createRecipe(admin);
    const res = await editor.api(`/api/recipes/${recipe.id}`, {
      method: 'PATCH',
      json: {
        products: [
          { product: vinegar.id, quantity: 3 },
          { product: oil.id, quantity: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const stored = (await admin.api(`/api/recipes/${recipe.id}?depth=0`)).body;
    expect(stored.products.map((row: Json) => [row.product, row.quantity])).toEqual([
      [vinegar.id, 3],
      [oil.id, 1],
    ]);
    const shown = (await publicRecipe(recipe.id)).body.result.products as Json[];
    expect(shown.map((p) => [p.id, p.recipe_quantity])).toEqual([
      [vinegar.id, 3],
      [oil.id, 1],
    ]);
    expect(quantities((await adminRecipe(recipe.id)).products)).toEqual([
      [vinegar.id, 3],
      [oil.id, 1],
    ]);
  });

  it.each([0, 100, 1.5])(
    'when a quantity is %s, then 400 from /api/v2 and from /api/recipes and the recipe keeps its list',
    async (quantity) => {
      const { oil } = await shelf();
      const recipe = await createRecipe(admin);
      await putProducts(recipe.id, [{ id: oil.id, quantity: 2 }]);
      const v2 = await putProducts(recipe.id, [{ id: oil.id, quantity }]);
      expect(v2.status).toBe(400);
      expect(isEnvelope(v2)).toBe(true);
      const rest = await admin.api(`/api/recipes/${recipe.id}`, {
        method: 'PATCH',
        json: { products: [{ product: oil.id, quantity }] },
      });
      expect(rest.status).toBe(400);
      expect(quantities((await adminRecipe(recipe.id)).products)).toEqual([[oil.id, 2]]);
    },
  );
});

describe('refused writes change nothing', () => {
  it.each([
    [
      'an unknown product',
      (s: Json) => [s.oil.id, UNKNOWN_ID],
      /Unknown products: 00000000-0000-4000-8000-000000000000/,
    ],
    ['an unpublished product', (s: Json) => [s.hidden.id], /Not published.*Hidden/],
    ['a product named twice', (s: Json) => [s.oil.id, s.oil.id], /more than once/],
    ['a malformed id', () => ['not an id!'], /Invalid id/],
    ['31 products', () => Array.from({ length: 31 }, (_, i) => `p${i}`), /at most 30/],
    ['no list at all', () => 'oil', /array/i],
  ])(
    'when the list holds %s, then 400 naming the problem and the recipe keeps its products',
    async (_, list, message) => {
      const s = await shelf();
      const recipe = await createRecipe(admin);
      await putProducts(recipe.id, [s.vinegar.id]);

      const res = await putProducts(recipe.id, list(s));
      expect(res.status).toBe(400);
      expect(isEnvelope(res)).toBe(true);
      expect(JSON.stringify(res.body.result)).toMatch(message);
      expect(ids((await adminRecipe(recipe.id)).products)).toEqual([s.vinegar.id]);
      expect(ids((await publicRecipe(recipe.id)).body.result.products)).toEqual([s.vinegar.id]);
    },
  );

  it('when the body has another field, then 400 and nothing changes', async () => {
    const s = await shelf();
    const recipe = await createRecipe(admin);
    const res = await admin.api(`/api/v2/admin/recipes/${recipe.id}`, {
      method: 'PUT',
      json: { products: [s.oil.id], name: 'Renamed' },
    });
    expect(res.status).toBe(400);
    expect((await adminRecipe(recipe.id)).products).toEqual([]);
    expect((await publicRecipe(recipe.id)).body.result.name).toBe(recipe.name);
  });

  it('when the recipe does not exist, then 404 in the envelope', async () => {
    const { oil } = await shelf();
    const res = await putProducts(UNKNOWN_ID, [oil.id]);
    expect(res.status).toBe(404);
    expect(res.body.result).toBe('Recipe not found');
    expect((await admin.api(`/api/v2/admin/recipes/${UNKNOWN_ID}`)).status).toBe(404);
  });
});

describe('drafts and publication are kept', () => {
  it('when a published recipe has a draft from the panel, then the products go live without the draft, and the draft keeps its text and gets the products', async () => {
    const { oil, vinegar } = await shelf();
    const recipe = await createRecipe(admin, { name: `Published ${uid()}` });
    expect((await saveDraft(recipe.id, { name: 'Unfinished new name' })).status).toBe(200);
    expect((await adminRecipe(recipe.id)).status).toBe('changed');

    const res = await putProducts(recipe.id, [oil.id, vinegar.id]);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'changed', name: 'Unfinished new name' });

    const live = (await publicRecipe(recipe.id)).body.result;
    expect(live.name).toBe(recipe.name);
    expect(ids(live.products)).toEqual([oil.id, vinegar.id]);
    const draft = (await admin.api(`/api/recipes/${recipe.id}?draft=true&depth=0`)).body;
    expect(draft).toMatchObject({
      name: 'Unfinished new name',
      _status: 'draft',
      products: [
        { product: oil.id, quantity: 1 },
        { product: vinegar.id, quantity: 1 },
      ],
    });
  });

  it('when a recipe was never published, then the products go into its draft and shoppers still do not see it', async () => {
    const { oil } = await shelf();
    const created = await admin.api('/api/recipes?draft=true', {
      method: 'POST',
      json: { name: `Draft ${uid()}`, _status: 'draft' },
    });
    expect(created.status).toBe(201);
    const id = created.body.doc.id as string;

    const res = await putProducts(id, [oil.id]);
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('draft');
    expect(ids(res.body.result.products)).toEqual([oil.id]);
    expect((await publicRecipe(id)).status).toBe(404);

    // Publishing it in the panel then brings the products along.
    const published = await admin.api(`/api/recipes/${id}`, { method: 'PATCH', json: { _status: 'published' } });
    expect(published.status).toBe(200);
    expect(ids((await publicRecipe(id)).body.result.products)).toEqual([oil.id]);
  });

  it('when the admin changes the products, then the audit log records who changed the list from what to what', async () => {
    const { oil, vinegar } = await shelf();
    const recipe = await createRecipe(admin);
    await putProducts(recipe.id, [oil.id]);
    await putProducts(recipe.id, [vinegar.id, oil.id]);

    const log = await admin.api(`/api/v2/admin/audit-log?record_id=${recipe.id}&operation=update`);
    expect(log.status).toBe(200);
    const entries = log.body.result as Json[];
    expect(entries).toHaveLength(2);
    // Newest first; only the product list changed.
    expect(entries[0]).toMatchObject({ collection: 'recipes', by: `Shop Owner <${admin.email}>` });
    const rows = (list: Json[]) => list.map((row) => [row.product, row.quantity]);
    expect(Object.keys(entries[0].changes)).toEqual(['products']);
    expect(rows(entries[0].changes.products.before)).toEqual([[oil.id, 1]]);
    expect(rows(entries[0].changes.products.after)).toEqual([
      [vinegar.id, 1],
      [oil.id, 1],
    ]);
    // The oil's row is the same row before and after: only the vinegar is new.
    expect(entries[0].changes.products.after[1].id).toBe(entries[0].changes.products.before[0].id);
    expect(entries[1].changes).toEqual({
      products: { before: [], after: [expect.objectContaining({ product: oil.id })] },
    });
  });
});

describe('who may', () => {
  const routes = (recipeId: string): Array<[string, string]> => [
    ['GET', '/api/v2/admin/recipes'],
    ['GET', `/api/v2/admin/recipes/${recipeId}`],
    ['PUT', `/api/v2/admin/recipes/${recipeId}`],
  ];

  it('when nobody is signed in, then every route answers 401 in the envelope and nothing changes', async () => {
    const { oil } = await shelf();
    const recipe = await createRecipe(admin);
    for (const [method, pathname] of routes(recipe.id)) {
      const res = await server.api(pathname, { method, ...(method === 'PUT' ? { json: { products: [oil.id] } } : {}) });
      expect([pathname, res.status, isEnvelope(res)]).toEqual([pathname, 401, true]);
    }
    expect((await adminRecipe(recipe.id)).products).toEqual([]);
  });

  it('when an editor calls them, then 403 in the envelope and nothing changes (editors use the /cms panel)', async () => {
    const { oil } = await shelf();
    const recipe = await createRecipe(admin);
    for (const [method, pathname] of routes(recipe.id)) {
      const res = await editor.api(pathname, { method, ...(method === 'PUT' ? { json: { products: [oil.id] } } : {}) });
      expect([pathname, res.status, isEnvelope(res)]).toEqual([pathname, 403, true]);
    }
    expect((await adminRecipe(recipe.id)).products).toEqual([]);
  });

  it('when an editor sets the products in the panel, then the storefront shows them', async () => {
    const { oil } = await shelf();
    const recipe = await createRecipe(admin);
    const res = await editor.api(`/api/recipes/${recipe.id}`, { method: 'PATCH', json: { products: [oil.id] } });
    expect(res.status).toBe(200);
    expect(ids((await publicRecipe(recipe.id)).body.result.products)).toEqual([oil.id]);
  });
});

describe("the /cms panel's product picker", () => {
  /** How Payload's relationship field asks for its options and the labels of its values. */
  const panelRead = (client: AdminClient, query: string) =>
    client.api('/api/products', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-payload-http-method-override': 'GET' },
      body: query,
    });

  it('when the panel reads products by id as a form-encoded GET override, then it gets their names', async () => {
    const { oil, vinegar } = await shelf();
    const res = await panelRead(
      editor,
      `depth=0&draft=true&limit=2&select[name]=true&where[id][in][0]=${oil.id}&where[id][in][1]=${vinegar.id}`,
    );
    expect(res.status).toBe(200);
    expect((res.body.docs as Json[]).map((d) => d.name).sort()).toEqual([oil.name, vinegar.name].sort());
  });

  it('when such a read carries a query Payload cannot run, then 400, and a form body without the override stays 415', async () => {
    expect((await panelRead(editor, 'limit=lots')).status).toBe(400);
    const plain = await editor.api('/api/products', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(plain.status).toBe(415);
  });
});

describe('a database from before the quantities', () => {
  it('when a shop whose recipes name products without quantities starts, then the migration keeps every product, in order, as one of each', async () => {
    const old = await startServer();
    try {
      const oldAdmin = await old.loginAdmin();
      const recipe = await createRecipe(oldAdmin, { name: `Older ${uid()}` });
      const first = await createProduct(oldAdmin, { price: 4.2 });
      const second = await createProduct(oldAdmin, { price: 3 });
      await old.kill();
      // Back to the schema before migration recipe_product_quantities: the relationship tables, holding the
      // recipe's two products (second, then first) and its version's, and the migration not recorded.
      const db = createClient({ url: `file:${path.join(old.dataDir, 'shop.db')}` });
      try {
        const version = (await db.execute({ sql: 'SELECT id FROM _recipes_v WHERE parent_id = ?', args: [recipe.id] }))
          .rows[0].id;
        await db.batch(
          [
            'DROP TABLE recipes_products',
            'DROP TABLE _recipes_v_version_products',
            `CREATE TABLE recipes_rels (id integer PRIMARY KEY NOT NULL, "order" integer, parent_id text(36) NOT NULL,
              path text NOT NULL, products_id text(36))`,
            `CREATE TABLE _recipes_v_rels (id integer PRIMARY KEY NOT NULL, "order" integer, parent_id text(36) NOT NULL,
              path text NOT NULL, products_id text(36))`,
            {
              sql: `INSERT INTO recipes_rels ("order", parent_id, path, products_id) VALUES (1, ?, 'products', ?), (2, ?, 'products', ?)`,
              args: [recipe.id, second.id, recipe.id, first.id],
            },
            {
              sql: `INSERT INTO _recipes_v_rels ("order", parent_id, path, products_id) VALUES (1, ?, 'products', ?), (2, ?, 'products', ?)`,
              args: [version, second.id, version, first.id],
            },
            "DELETE FROM payload_migrations WHERE name LIKE '%_recipe_product_quantities'",
          ],
          'write',
        );
      } finally {
        db.close();
      }

      await old.restart();
      const upgraded = await old.loginAdmin();
      const shown = (await old.api(`/api/v2/recipes/${recipe.id}`)).body.result;
      expect(shown.products.map((p: Json) => [p.id, p.recipe_quantity])).toEqual([
        [second.id, 1],
        [first.id, 1],
      ]);
      const inAdmin = (await upgraded.api(`/api/v2/admin/recipes/${recipe.id}`)).body.result;
      expect(inAdmin.products.map((p: Json) => [p.id, p.quantity])).toEqual([
        [second.id, 1],
        [first.id, 1],
      ]);
      const draft = (await upgraded.api(`/api/recipes/${recipe.id}?draft=true&depth=0`)).body;
      expect(draft.products.map((row: Json) => row.product)).toEqual([second.id, first.id]);
      const res = await upgraded.api(`/api/v2/admin/recipes/${recipe.id}`, {
        method: 'PUT',
        json: { products: [{ id: first.id, quantity: 2 }] },
      });
      expect(res.status).toBe(200);
      const after = (await old.api(`/api/v2/recipes/${recipe.id}`)).body.result;
      expect(after.products.map((p: Json) => [p.id, p.recipe_quantity])).toEqual([[first.id, 2]]);
    } finally {
      await old.stop();
    }
  });
});
