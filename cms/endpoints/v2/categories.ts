import { z } from 'zod';
import { idSchema } from '@shop/shared';
import { param, v2 } from '../../lib/endpoint';
import * as catalog from '../../services/catalog';

export const topParam = z.union([z.literal('ALL'), idSchema]);

export const categoryEndpoints = [
  v2('get', '/categories', async (req) => {
    const items = await catalog.listCategories(req.payload);
    return { result: items, pagination: { count: items.length } };
  }),
  v2('get', '/categories/list/top', async (req) => ({ result: await catalog.topCategories(req.payload) })),
  v2('get', '/categories/top', async (req) => ({ result: await catalog.topProducts(req.payload, 'ALL') })),
  v2('get', '/categories/top/:id', async (req) => ({
    result: await catalog.topProducts(req.payload, topParam.parse(param(req, 'id'))),
  })),
  v2('get', '/categories/:id', async (req) => ({
    result: await catalog.getCategory(req.payload, idSchema.parse(param(req, 'id'))),
  })),
];
