/** The descriptions of the storefront's routes: config, products, categories, recipes, contacts, orders, payments. */
import { z } from 'zod';
import {
  cartShowQuerySchema,
  contactSchema,
  idSchema,
  listQuerySchema,
  orderNumberSchema,
  paymentCaptureSchema,
  paymentCreateSchema,
  suggestionsQuerySchema,
} from '@shop/shared';
import {
  categoryDetailSchema,
  confirmationResentSchema,
  idResultSchema,
  paymentReplySchema,
  publicCategorySchema,
  publicConfigSchema,
  publicOrderSchema,
  publicProductSchema,
  recipeSchema,
  suggestionSchema,
  webhookReceiptSchema,
} from '@shop/shared/responses';
import { eventSchema } from '../../../services/paypal-webhook';
import { topParam } from '../categories';
import type { RouteDoc } from './route-doc';

const byId = z.object({ id: idSchema });

export const storefrontDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/config',
    tag: 'Storefront',
    access: 'public',
    summary: "The shop's public settings",
    description: 'Currency, shipping, accepted payment methods and countries, and where the PayPal SDK loads from.',
    reply: { result: publicConfigSchema },
  },

  {
    method: 'get',
    path: '/products',
    tag: 'Products',
    access: 'public',
    summary: 'Published products, a page at a time',
    query: listQuerySchema,
    reply: { result: z.array(publicProductSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/products/suggestions',
    tag: 'Products',
    access: 'public',
    summary: 'Products matching a search (id and name), for the search box',
    query: suggestionsQuerySchema,
    reply: { result: z.array(suggestionSchema) },
  },
  {
    method: 'get',
    path: '/products/last/new',
    tag: 'Products',
    access: 'public',
    summary: 'The newest published product (null when there is none)',
    reply: { result: publicProductSchema.nullable() },
  },
  {
    method: 'get',
    path: '/products/last/discount',
    tag: 'Products',
    access: 'public',
    summary: 'The newest discounted product (null when there is none)',
    reply: { result: publicProductSchema.nullable() },
  },
  {
    method: 'get',
    path: '/products/cart/show',
    tag: 'Products',
    access: 'public',
    summary: "The cart's products as they are now",
    description: 'Ids as `products[0]=…&products[1]=…`; products no longer on sale are left out.',
    query: cartShowQuerySchema,
    reply: { result: z.array(publicProductSchema) },
  },
  {
    method: 'get',
    path: '/products/:id',
    tag: 'Products',
    access: 'public',
    summary: 'One published product',
    params: byId,
    reply: { result: publicProductSchema },
    errors: [404],
  },

  {
    method: 'get',
    path: '/categories',
    tag: 'Categories',
    access: 'public',
    summary: 'Published categories in the shop’s order, each with its product count',
    reply: { result: z.array(publicCategorySchema), paginated: true },
  },
  {
    method: 'get',
    path: '/categories/list/top',
    tag: 'Categories',
    access: 'public',
    summary: 'The categories the home page shows',
    reply: { result: z.array(publicCategorySchema) },
  },
  {
    method: 'get',
    path: '/categories/top',
    tag: 'Categories',
    access: 'public',
    summary: 'Top products of all categories',
    reply: { result: z.array(publicProductSchema) },
  },
  {
    method: 'get',
    path: '/categories/top/:id',
    tag: 'Categories',
    access: 'public',
    summary: "Top products of one category, or of all with 'ALL'",
    params: z.object({ id: topParam }),
    reply: { result: z.array(publicProductSchema) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/categories/:id',
    tag: 'Categories',
    access: 'public',
    summary: 'One published category with its products',
    params: byId,
    reply: { result: categoryDetailSchema },
    errors: [404],
  },

  {
    method: 'get',
    path: '/recipes',
    tag: 'Recipes',
    access: 'public',
    summary: 'Published recipes, newest first',
    reply: { result: z.array(recipeSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/recipes/last/new',
    tag: 'Recipes',
    access: 'public',
    summary: 'The newest recipes, for the home page',
    reply: { result: z.array(recipeSchema) },
  },
  {
    method: 'get',
    path: '/recipes/:id',
    tag: 'Recipes',
    access: 'public',
    summary: 'One published recipe with the products it uses',
    params: byId,
    reply: { result: recipeSchema },
    errors: [404],
  },

  {
    method: 'post',
    path: '/contacts',
    tag: 'Storefront',
    access: 'public',
    summary: 'Send the contact form',
    description: "Stored as a notification for the control centre and mailed to the shop's admin email.",
    body: contactSchema,
    reply: { status: 201, result: idResultSchema, description: 'Stored' },
    errors: [413, 429],
  },

  {
    method: 'get',
    path: '/orders/exist/:number',
    tag: 'Orders',
    access: 'public',
    summary: 'Find an order by the number on its confirmation',
    description: 'Case, spaces and dashes do not matter. Answers only the id, which GET orders/{id} then opens.',
    params: z.object({ number: orderNumberSchema }),
    reply: { result: idResultSchema },
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/orders/:id',
    tag: 'Orders',
    access: 'public',
    summary: 'An order as its shopper sees it',
    params: byId,
    reply: { result: publicOrderSchema },
    errors: [404],
  },
  {
    method: 'get',
    path: '/payments/resend/:id',
    tag: 'Orders',
    access: 'public',
    summary: "Send the order's confirmation mail again",
    description: 'A demo order (seeded) has no real buyer: 409 and no mail.',
    params: byId,
    reply: { result: confirmationResentSchema },
    errors: [404, 409, 429, 503],
  },

  {
    method: 'post',
    path: '/payments/create',
    tag: 'Payments',
    access: 'public',
    summary: 'Start paying for a cart: creates the PayPal order',
    description:
      'The prices come from the catalogue, never from the request. `secret` must be sent back with the capture. ' +
      'A `coupon_code` is matched whatever its case and priced on the server (off the products, after their own ' +
      'discounts; PayPal gets it in `breakdown.discount`); an unknown, inactive, expired, not yet valid or used-up ' +
      'code, or goods under its minimum, answer 400 `{message, coupon_code}` naming why, and nothing is created. ' +
      'A `pickup_day_id` (one of GET market/pickup-days) collects the order at that market day: no shipping fee, and ' +
      'PayPal asks for no address (`shipping_preference: NO_SHIPPING`); a day that is unknown, past, closed or not ' +
      'for pickup answers 400 `{message, pickup_day_id}`, and nothing is created.',
    body: paymentCreateSchema,
    reply: { status: 201, result: paymentReplySchema, description: 'The PayPal order to approve' },
    errors: [413, 422, 429, 502, 503],
  },
  {
    method: 'post',
    path: '/payments/capture',
    tag: 'Payments',
    access: 'public',
    summary: 'Capture an approved payment and make the order',
    description:
      'COMPLETED with the order id; PENDING (202) while PayPal holds the money for review. 409 when a product ' +
      'sold out or the discount code’s last use went to another shopper meanwhile: PayPal is not asked, nothing ' +
      'is charged.',
    body: paymentCaptureSchema,
    reply: { result: paymentReplySchema, description: 'Paid: `id` is the order' },
    alsoReplies: [{ status: 202, result: paymentReplySchema, description: 'PayPal holds the capture for review' }],
    errors: [402, 404, 409, 413, 422, 429, 500, 502, 503],
  },
  {
    method: 'post',
    path: '/payments/webhook',
    tag: 'Payments',
    access: 'public',
    summary: "PayPal's webhook: a capture completed",
    description:
      "Believed only when PayPal confirms the signature headers (paypal-transmission-id, …) for the shop's webhook id.",
    body: eventSchema,
    reply: { result: webhookReceiptSchema, description: 'Received; `order` is the order it completed, if any' },
    errors: [413, 429, 502],
  },
];
