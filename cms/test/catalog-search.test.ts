/**
 * The storefront's search (issue 12): name, description and category names, case and accents ignored, best
 * matches first, suggestions ranked the same; over HTTP against a real server with its own catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Envelope, startServer, type TestServer, uid } from './harness';
import { createCategory, createProduct, type Doc } from './factories';

let server: TestServer;
let admin: AdminClient;
const tok = uid()
  .replace(/[^a-z0-9]/gi, '')
  .slice(0, 8)
  .toLowerCase();

const products = {} as Record<
  'gragnano' | 'paccheri' | 'pesto' | 'box' | 'caffe' | 'hidden' | 'oil' | 'taralli' | 'crema',
  Doc
>;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  const pastaCat = await createCategory(admin, { name: `Artisanal Pasta ${tok}` });
  const otherCat = await createCategory(admin, { name: `Pantry ${tok}` });
  const accentCat = await createCategory(admin, { name: `Specialità Pugliesi ${tok}` });
  const make = (name: string, description: string, categories: string[], stars: number, published = true) =>
    createProduct(admin, { name: `${name} ${tok}`, description, categories, stars, published });
  products.gragnano = await make('Spaghetti di Gragnano', 'Bronze-cut, slow dried.', [pastaCat.id], 5);
  products.paccheri = await make('Paccheri', 'Large tubes for ragù.', [pastaCat.id], 4);
  products.pesto = await make('Pesto Genovese', 'Stir it into hot pasta.', [otherCat.id], 3);
  products.box = await make('Pasta Lover Box', 'Three shapes in a gift box.', [otherCat.id], 2);
  products.caffe = await make('Caffè del Nonno', 'Dark roast beans.', [otherCat.id], 1);
  products.oil = await make('Olio Novello', 'Green and peppery.', [otherCat.id], 5);
  products.taralli = await make('Taralli Croccanti', 'Crunchy rings.', [accentCat.id], 2);
  products.crema = await make('Crema di Pistacchio', 'Spalmabile sulle crêpes, dolcissima.', [otherCat.id], 2);
  products.hidden = await make('Pasta Segreta', 'Not yet for sale.', [pastaCat.id], 5, false);
});
afterAll(() => server?.stop());

const search = async (q: string, extra = '') => {
  const res = await server.api<Envelope<Array<{ id: string; name: string }>>>(
    `/api/v2/products?search=${encodeURIComponent(q)}${extra}`,
  );
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /api/v2/products?search=', () => {
  it('when a shopper searches "pasta", then the name match, then the pasta category, then the description mention come, and no draft', async () => {
    const body = await search(`pasta ${tok}`);
    expect(body.result.map((p) => p.id)).toEqual([
      products.box.id, // "Pasta" starts a word of its name: 10 + 10 for the token
      products.gragnano.id, // category "Artisanal Pasta": 4 + 10, 5 stars
      products.paccheri.id, // category too: 4 + 10, 4 stars
      products.pesto.id, // "pasta" only in its description: 1 + 10
    ]);
    expect(body.pagination).toEqual({ count: 4, page: 1, limit: 10 });
  });

  it('when the search has no accent and the name has one, or the case differs, then it is found', async () => {
    expect((await search(`CAFFE ${tok}`)).result.map((p) => p.id)).toEqual([products.caffe.id]);
    expect((await search(`ragu ${tok}`)).result.map((p) => p.id)).toEqual([products.paccheri.id]);
  });

  it('when the search has no accent and only a category name has one, then the products of that category are found', async () => {
    expect((await search(`specialita ${tok}`)).result.map((p) => p.id)).toEqual([products.taralli.id]);
    expect((await search(`PUGLIESI ${tok}`)).result.map((p) => p.id)).toEqual([products.taralli.id]);
  });

  it('when the search has an accent and a category name has it too, then the products of that category are found', async () => {
    expect((await search(`SPECIALITÀ ${tok}`)).result.map((p) => p.id)).toEqual([products.taralli.id]);
  });

  it('when the search has no accent and only the description has one, then the product is found', async () => {
    expect((await search(`crepes ${tok}`)).result.map((p) => p.id)).toEqual([products.crema.id]);
    expect((await search(`DOLCISSIMA ${tok}`)).result.map((p) => p.id)).toEqual([products.crema.id]);
  });

  it('when the search has accents the description has too, in other capitals, then the product is found', async () => {
    expect((await search(`CRÊPES ${tok}`)).result.map((p) => p.id)).toEqual([products.crema.id]);
  });

  it('when results run over a page, then the ranking carries on across pages', async () => {
    const first = await search(`pasta ${tok}`, '&limit=3&page=1');
    const second = await search(`pasta ${tok}`, '&limit=3&page=2');
    expect(first.result.map((p) => p.id)).toEqual([products.box.id, products.gragnano.id, products.paccheri.id]);
    expect(second.result.map((p) => p.id)).toEqual([products.pesto.id]);
    expect(second.pagination).toEqual({ count: 4, page: 2, limit: 3 });
  });

  it('when a word is found nowhere, then nothing comes back', async () => {
    const body = await search(`pasta tartufo ${tok}`);
    expect(body.result).toEqual([]);
    expect(body.pagination).toEqual({ count: 0, page: 1, limit: 10 });
  });

  it('when a product is unpublished after a search was cached, then the next search no longer finds it', async () => {
    expect((await search(`olio ${tok}`)).result.map((p) => p.id)).toEqual([products.oil.id]);
    const res = await admin.api(`/api/products/${products.oil.id}`, { method: 'PATCH', json: { published: false } });
    expect(res.status).toBe(200);
    expect((await search(`olio ${tok}`)).result).toEqual([]);
  });
});

describe('GET /api/v2/products/suggestions', () => {
  it('when a shopper types "pasta", then the suggestions are the same products in the same order, id and name', async () => {
    const res = await server.api<Envelope<Array<{ id: string; name: string }>>>(
      `/api/v2/products/suggestions?search=${encodeURIComponent(`pasta ${tok}`)}`,
    );
    expect(res.body.result).toEqual([
      { id: products.box.id, name: `Pasta Lover Box ${tok}` },
      { id: products.gragnano.id, name: `Spaghetti di Gragnano ${tok}` },
      { id: products.paccheri.id, name: `Paccheri ${tok}` },
      { id: products.pesto.id, name: `Pesto Genovese ${tok}` },
    ]);
  });
});
