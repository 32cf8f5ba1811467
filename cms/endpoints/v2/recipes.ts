import { idSchema } from '@shop/shared';
import { param, v2 } from '../../lib/endpoint';
import * as catalog from '../../services/catalog';
import { adminRecipeEndpoints } from './admin-recipes';

// Fixed paths come before /recipes/:id because Payload matches root endpoints in order.
export const recipeEndpoints = [
  v2('get', '/recipes', async (req) => {
    const items = await catalog.listRecipes(req.payload);
    return { result: items, pagination: { count: items.length } };
  }),
  v2('get', '/recipes/last/new', async (req) => ({ result: await catalog.latestRecipes(req.payload) })),
  v2('get', '/recipes/:id', async (req) => ({
    result: await catalog.getRecipe(req.payload, idSchema.parse(param(req, 'id'))),
  })),
  // The control centre's side of recipes lives with them (registered through this list, under /admin/recipes).
  ...adminRecipeEndpoints,
];
