/**
 * The descriptions of the control centre's catalogue, images, accounts and analytics routes:
 * endpoints/v2/admin-catalog.ts, assets.ts, users.ts, analytics.ts.
 */
import { z } from 'zod';
import {
  adminCategoriesQuerySchema,
  adminProductsQuerySchema,
  ANALYTICS_TYPES,
  analyticsQuerySchema,
  ASSET_UPLOAD_FIELD,
  assetsQuerySchema,
  categoryInputSchema,
  idSchema,
  MAX_UPLOAD_BYTES,
  productInputSchema,
  recipeProductsInputSchema,
  stockAdjustmentSchema,
  userCreateSchema,
  userUpdateSchema,
} from '@shop/shared/admin';
import {
  adminAssetSchema,
  adminCategorySchema,
  adminProductSchema,
  adminRecipeSchema,
  adminUserSchema,
  analyticsResultSchemas,
  idResultSchema,
} from '@shop/shared/responses';
import type { RouteDoc } from './route-doc';

const byId = z.object({ id: idSchema });

/** The CRUD routes of one control-centre record type. */
function crud(
  base: string,
  tag: string,
  noun: string,
  record: z.ZodType,
  listQuery: z.ZodObject,
  input: z.ZodType,
  deleteRefusedWhen?: string,
): RouteDoc[] {
  return [
    {
      method: 'get',
      path: base,
      tag,
      access: 'admin',
      summary: `${noun.replace(/y$/, 'ie')}s, drafts and scheduled ones included, a page at a time`,
      query: listQuery,
      reply: { result: z.array(record), paginated: true },
    },
    {
      method: 'post',
      path: base,
      tag,
      access: 'admin',
      summary: `Create a ${noun.toLowerCase()}`,
      body: input,
      reply: { status: 201, result: record, description: 'Created' },
      errors: [413],
    },
    {
      method: 'get',
      path: `${base}/:id`,
      tag,
      access: 'admin',
      summary: `One ${noun.toLowerCase()}`,
      params: byId,
      reply: { result: record },
      errors: [404],
    },
    {
      method: 'put',
      path: `${base}/:id`,
      tag,
      access: 'admin',
      summary: `Update a ${noun.toLowerCase()}`,
      params: byId,
      body: input,
      reply: { result: record },
      errors: [404, 413],
    },
    {
      method: 'delete',
      path: `${base}/:id`,
      tag,
      access: 'admin',
      summary: `Delete a ${noun.toLowerCase()}`,
      ...(deleteRefusedWhen ? { description: deleteRefusedWhen } : {}),
      params: byId,
      reply: { result: idResultSchema },
      errors: deleteRefusedWhen ? [404, 409] : [404],
    },
  ];
}

export const adminCatalogDocs: RouteDoc[] = [
  ...crud(
    '/admin/products',
    'Admin: catalogue',
    'Product',
    adminProductSchema,
    adminProductsQuerySchema,
    productInputSchema,
  ),
  {
    method: 'post',
    path: '/admin/products/:id/stock',
    tag: 'Admin: catalogue',
    access: 'admin',
    summary: "Change a product's stock count, with the reason (on the audit log)",
    description:
      'A negative change takes units off (a market sale), a positive one adds them (a delivery); an uncounted ' +
      'product starts counting from 0. Refused (400) when the count would go below 0; at 0 the product is not ' +
      'available.',
    params: byId,
    body: stockAdjustmentSchema,
    reply: { result: adminProductSchema },
    errors: [404],
  },
  ...crud(
    '/admin/categories',
    'Admin: catalogue',
    'Category',
    adminCategorySchema,
    adminCategoriesQuerySchema,
    categoryInputSchema,
    'Refused (409) while the category still holds products.',
  ),

  {
    method: 'get',
    path: '/admin/recipes',
    tag: 'Admin: catalogue',
    access: 'admin',
    summary: 'Recipes with the products each one uses',
    description: "A recipe's text, pictures and publishing are the /cms panel's; here only its product list.",
    reply: { result: z.array(adminRecipeSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/admin/recipes/:id',
    tag: 'Admin: catalogue',
    access: 'admin',
    summary: 'One recipe with its products',
    params: byId,
    reply: { result: adminRecipeSchema },
    errors: [404],
  },
  {
    method: 'put',
    path: '/admin/recipes/:id',
    tag: 'Admin: catalogue',
    access: 'admin',
    summary: "Replace a recipe's product list, in the order shoppers will see it",
    params: byId,
    body: recipeProductsInputSchema,
    reply: { result: adminRecipeSchema },
    errors: [404, 413],
  },

  {
    method: 'get',
    path: '/assets',
    tag: 'Admin: images',
    access: 'admin',
    summary: 'The image gallery, newest first, 20 a page by default',
    description: 'The files themselves are public by id at /assets/{id}.',
    query: assetsQuerySchema,
    reply: { result: z.array(adminAssetSchema), paginated: true },
  },
  {
    method: 'post',
    path: '/assets',
    tag: 'Admin: images',
    access: 'admin',
    summary: 'Upload one image (stored as WebP)',
    form: z.object({
      [ASSET_UPLOAD_FIELD]: z.file().max(MAX_UPLOAD_BYTES).meta({ description: 'A JPEG, PNG, WebP or GIF image.' }),
    }),
    reply: { status: 201, result: adminAssetSchema, description: 'Stored' },
    errors: [413],
  },
  {
    method: 'delete',
    path: '/assets/:id',
    tag: 'Admin: images',
    access: 'admin',
    summary: 'Delete an image',
    description: 'Refused (409) while a product, category or recipe shows it.',
    params: byId,
    reply: { result: idResultSchema },
    errors: [404, 409],
  },

  {
    method: 'get',
    path: '/users',
    tag: 'Admin: accounts',
    access: 'admin',
    summary: "The shop's accounts (admins and /cms editors)",
    reply: { result: z.array(adminUserSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/users/:id',
    tag: 'Admin: accounts',
    access: 'admin',
    summary: 'One account',
    params: byId,
    reply: { result: adminUserSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/users',
    tag: 'Admin: accounts',
    access: 'admin',
    summary: 'Create an account and mail it an invite link',
    body: userCreateSchema,
    reply: { status: 201, result: adminUserSchema, description: 'Created; the invite is on its way' },
    errors: [413, 503],
  },
  {
    method: 'put',
    path: '/users/:id',
    tag: 'Admin: accounts',
    access: 'admin',
    summary: 'Update an account (the email stays as it is)',
    params: byId,
    body: userUpdateSchema,
    reply: { result: adminUserSchema },
    errors: [404, 409, 413],
  },
  {
    method: 'delete',
    path: '/users/:id',
    tag: 'Admin: accounts',
    access: 'admin',
    summary: 'Delete an account',
    description: 'Refused (409) for your own account and for the last active admin.',
    params: byId,
    reply: { result: idResultSchema },
    errors: [404, 409],
  },

  {
    method: 'get',
    path: '/analytics/:type',
    tag: 'Admin: analytics',
    access: 'admin',
    summary: 'Sales figures of a year',
    description:
      '`year`: a row per year up to the chosen one; `month`: twelve rows; `categories`: units per category; ' +
      '`bestseller`: the ten most sold products; `map`: where the orders went; `coupons`: orders by discount ' +
      "code; `channels`: each month's sales online and at the market stall (issue 32); `places`: the market " +
      "stall's sales per market place. Cancelled orders are left out.",
    params: z.object({ type: z.enum(ANALYTICS_TYPES) }),
    query: analyticsQuerySchema,
    reply: {
      // `year` and `month` have alike rows: listed once, so the union has no duplicate member.
      result: z.union([
        ...new Map(
          ANALYTICS_TYPES.map((type) => analyticsResultSchemas[type]).map(
            (schema) => [JSON.stringify(z.toJSONSchema(schema)), schema] as const,
          ),
        ).values(),
      ]),
      description: "The type's rows",
    },
    errors: [404],
  },
];
