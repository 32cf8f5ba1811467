/**
 * The API description of /api/v2 (OpenAPI 3.1), generated from the zod schemas the routes validate with and
 * the reply schemas of @shop/shared/responses. To describe a new route, add its RouteDoc to the file of this
 * folder that matches its endpoint file; cms/test/openapi.test.ts fails while a registered route has none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createDocument } from 'zod-openapi';
import { repoRoot } from '../../../lib/paths';
import { adminDocs } from './admin';
import { adminCatalogDocs } from './admin-catalog';
import { adminCustomerDocs } from './admin-customers';
import { adminMarketDocs } from './admin-market';
import { couponDocs } from './coupons';
import { marketDocs } from './market';
import { authDocs } from './auth';
import { referenceDocs } from './reference';
import { HEADERS_TOO_LARGE, headersTooLargeResponse, openApiPath, operationOf, type RouteDoc } from './route-doc';
import { storefrontDocs } from './storefront';

export { openApiPath, type RouteDoc } from './route-doc';

export const routeDocs: RouteDoc[] = [
  ...storefrontDocs,
  ...authDocs,
  ...adminDocs,
  ...adminCatalogDocs,
  ...adminCustomerDocs,
  ...adminMarketDocs,
  ...couponDocs,
  ...marketDocs,
  ...referenceDocs,
];

const DESCRIPTION = `The API of Bottega di Famiglia's storefront and control centre.

Every JSON reply is the envelope \`{result, status, pagination?}\` whose \`status\` equals the HTTP status;
lists add \`pagination: {count, page?, limit?}\`. An error's \`result\` is a sentence, a notice
\`{title, description}\` (rate limits), a list of \`{path, message}\` (a request field failing its check) or a
sentence with details \`{message, …}\`. Bad input is always a 4xx and changes nothing.

Query arrays are written \`key[0]=value&key[1]=value\` (a sort is \`sort[0]=column&sort[1]=ASC\`); empty
values are left out. Passwords travel as the SHA-256 hex of what was typed.

The control centre's routes need an admin's session cookie (from POST auth/login); a signed-out request
gets 401, an editor's session (the /cms panel's only) 403. Requests with a cookie must come from the shop's
own origin (or one of \`CORS_ORIGINS\`). Any other path under /api/v2 answers 404 in the envelope.`;

/** The tags, in the reference page's order, each with what its operations are for. */
const TAGS: Array<{ name: string; description: string }> = [
  { name: 'Storefront', description: "The shop's public settings and the contact form." },
  { name: 'Products', description: 'The published catalogue: lists, search, suggestions, a product, the cart.' },
  { name: 'Categories', description: 'Published categories with their product counts and top products.' },
  { name: 'Recipes', description: 'Published recipes and the products each one uses.' },
  { name: 'Orders', description: "A shopper's own order: found by its number, read by its id, its mail sent again." },
  { name: 'Payments', description: "Checkout through PayPal: create and capture a payment, and PayPal's webhook." },
  { name: 'Auth', description: "Sign-in, sign-out, invitations and password resets of the shop's accounts." },
  {
    name: 'Admin: dashboard and settings',
    description: "The control centre's dashboard figures and the shop's settings.",
  },
  {
    name: 'Admin: orders',
    description: 'Orders as the family handles them: lists, status, notes, refunds, bulk actions, CSV export.',
  },
  { name: 'Admin: paperwork', description: 'Invoices, packing slips and pick lists, as PDF.' },
  { name: 'Admin: live alerts', description: 'A server-sent event stream of new orders and messages.' },
  {
    name: 'Admin: notifications',
    description: 'Contact messages from shoppers, the replies sent to them, CSV export.',
  },
  { name: 'Admin: audit log', description: "Admins' changes to the catalogue, settings and accounts, and CSV export." },
  { name: 'Admin: catalogue', description: 'Products, categories and recipes as the control centre edits them.' },
  {
    name: 'Admin: discount codes',
    description: 'Codes for a percent or cash off the goods: dates, minimum, number of uses.',
  },
  { name: 'Admin: images', description: 'The gallery of uploaded images the catalogue uses.' },
  { name: 'Admin: accounts', description: 'Admin and editor accounts: invite, edit, remove.' },
  { name: 'Admin: analytics', description: 'Sales figures by year, month, category, product and destination.' },
  { name: 'Admin: customers', description: 'Shoppers as their orders name them: totals, addresses, their orders.' },
  { name: 'Admin: market', description: 'Market days, stall sales booked as orders, the closing and its Z-report.' },
  { name: 'API description', description: 'This document and its reference page.' },
];

const shopVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Builds the document from the route descriptions; its version is the shop's (the root package.json's). */
export function buildApiDocument(docs: RouteDoc[] = routeDocs, version = shopVersion()) {
  const paths: Record<string, Record<string, ReturnType<typeof operationOf>>> = {};
  for (const doc of docs) {
    const path = openApiPath(doc.path);
    const item = (paths[path] ??= {});
    if (item[doc.method]) throw new Error(`Described twice: ${doc.method.toUpperCase()} ${doc.path}`);
    item[doc.method] = operationOf(doc);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Bottega di Famiglia API',
        version,
        description: DESCRIPTION,
        // The shop's own code, published under no licence (the packages are private): all rights reserved.
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/api/v2' }],
      tags: TAGS,
      paths,
      components: {
        responses: { [HEADERS_TOO_LARGE]: headersTooLargeResponse },
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'payload-token',
            description: "An admin's session, set by POST auth/login.",
          },
        },
      },
    },
    { override: sameTypeTuplesAsArrays },
  );
}

/**
 * A tuple whose items are all alike (a point's two coordinates) as an array of that item with a fixed length:
 * `prefixItems` with `items: false` is right in OpenAPI 3.1, but tools still on JSON Schema draft-07 (Prism)
 * reject every value of it, while this says the same to every tool.
 */
function sameTypeTuplesAsArrays({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  const prefix = jsonSchema.prefixItems;
  if (!Array.isArray(prefix) || prefix.length === 0) return;
  const first = JSON.stringify(prefix[0]);
  if (!prefix.every((item) => JSON.stringify(item) === first)) return;
  delete jsonSchema.prefixItems;
  Object.assign(jsonSchema, { items: prefix[0], minItems: prefix.length, maxItems: prefix.length });
}

let cached: string | undefined;

/** The document as JSON, built on first use: the schemas never change while the server runs. */
export function apiDocumentJson(): string {
  cached ??= JSON.stringify(buildApiDocument());
  return cached;
}
