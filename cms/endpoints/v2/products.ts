import { cartShowQuerySchema, idSchema, listQuerySchema, suggestionsQuerySchema } from '@shop/shared';
import { param, query, v2 } from '../../lib/endpoint';
import * as catalog from '../../services/catalog';

// Fixed paths come before /products/:id because Payload matches root endpoints in order.
export const productEndpoints = [
  v2('get', '/products', async (req) => {
    const q = query(req, listQuerySchema);
    const { items, pagination } = await catalog.listProducts(req.payload, q);
    return { result: items, pagination };
  }),
  v2('get', '/products/suggestions', async (req) => {
    const { search } = query(req, suggestionsQuerySchema);
    return { result: await catalog.productSuggestions(req.payload, search) };
  }),
  v2('get', '/products/last/new', async (req) => ({ result: await catalog.lastNewProduct(req.payload) })),
  v2('get', '/products/last/discount', async (req) => ({ result: await catalog.lastDiscountProduct(req.payload) })),
  v2('get', '/products/cart/show', async (req) => {
    const { products } = query(req, cartShowQuerySchema);
    return { result: await catalog.cartProducts(req.payload, products) };
  }),
  v2('get', '/products/:id', async (req) => ({
    result: await catalog.getProduct(req.payload, idSchema.parse(param(req, 'id'))),
  })),
];
