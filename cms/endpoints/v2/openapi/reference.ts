/** The descriptions of the API description's own routes (endpoints/v2/api-reference.ts). */
import { z } from 'zod';
import type { RouteDoc } from './route-doc';

export const referenceDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'API description',
    access: 'public',
    summary: 'This document (OpenAPI 3.1), as it is: not in the envelope',
    reply: {
      contentType: 'application/json',
      schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
      description: 'The OpenAPI document',
    },
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'API description',
    access: 'public',
    summary: 'A reference page of this document (Redoc)',
    reply: { contentType: 'text/html', description: 'The page' },
  },
  {
    method: 'get',
    path: '/docs/redoc.standalone.js',
    tag: 'API description',
    access: 'public',
    summary: "The reference page's script, served from the shop so the page works offline",
    reply: { contentType: 'text/javascript', description: 'Redoc’s standalone bundle' },
  },
];
