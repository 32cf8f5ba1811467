import type { Endpoint } from 'payload';
import { idSchema, recipeProductsInputSchema } from '@shop/shared/admin';
import { body, param, requireAdmin, v2 } from '../../lib/endpoint';
import { getAdminRecipe, listAdminRecipes, setRecipeProducts } from '../../services/admin/recipes';

/**
 * The control centre's recipes screen (issue 15 part 3): list recipes and choose the products each one uses.
 * Everything else about a recipe is the /cms panel's, so there is no create, delete or other field here.
 */
export const adminRecipeEndpoints: Endpoint[] = [
  v2('get', '/admin/recipes', async (req) => {
    const user = requireAdmin(req);
    const items = await listAdminRecipes(req.payload, user);
    return { result: items, pagination: { count: items.length } };
  }),
  v2('get', '/admin/recipes/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getAdminRecipe(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
  v2('put', '/admin/recipes/:id', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const input = await body(req, recipeProductsInputSchema);
    return { result: await setRecipeProducts(req, user, id, input.products) };
  }),
];
