import { v2 } from '../../lib/endpoint';
import * as catalog from '../../services/catalog';

export const recipeEndpoints = [
  v2('get', '/recipes', async (req) => {
    const items = await catalog.listRecipes(req.payload);
    return { result: items, pagination: { count: items.length } };
  }),
  v2('get', '/recipes/last/new', async (req) => ({ result: await catalog.latestRecipes(req.payload) })),
];
