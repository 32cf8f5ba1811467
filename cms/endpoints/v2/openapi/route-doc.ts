/**
 * How a /api/v2 route is described in the API description (GET /api/v2/openapi.json). Each endpoint file's
 * routes have their descriptions in a file of this folder (see index.ts), built from the same zod schemas the
 * handlers validate with; cms/test/openapi.test.ts fails while a registered route has none.
 */
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { envelopeOf, errorEnvelopeOf } from '@shop/shared/responses';

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** A JSON reply in the envelope; `paginated` lists add `pagination`. */
export interface EnvelopeReply {
  status?: number;
  result: z.ZodType;
  paginated?: boolean;
  description?: string;
}

/** A reply that is not the envelope: a download, a stream, a page. */
export interface FileReply {
  status?: number;
  contentType: string;
  /** What the body is; a binary or text body needs none. */
  schema?: z.ZodType;
  description: string;
  headers?: z.ZodObject;
}

export interface RouteDoc {
  method: Method;
  /** As registered with v2(): '/products/:id'. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * 'admin': needs an admin's session cookie (401 without one, 403 for an editor's). 'either': answers
   * signed out as well as with an admin's session, differently (401 for a session that is not valid, 403 for an
   * editor's).
   */
  access: 'public' | 'admin' | 'either';
  /** The path's parameters, as the handler parses them. */
  params?: z.ZodObject;
  /** The query's schema; a union of objects (one filter set per tab) is listed as the union of their keys. */
  query?: z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body instead. */
  form?: z.ZodObject;
  reply: EnvelopeReply | FileReply;
  /** Other successful replies (a capture still pending answers 202). */
  alsoReplies?: EnvelopeReply[];
  /** Headers the success reply sets. */
  replyHeaders?: z.ZodObject;
  /** Error statuses beyond those implied: 400 for any input, 401 and 403 for admin routes. */
  errors?: number[];
}

const ERROR_MEANING: Record<number, string> = {
  400: 'The request is invalid: a field fails its check (a list of issues) or the body is not JSON (a sentence).',
  401: 'Not signed in, or the credentials are wrong.',
  402: 'The payment was declined.',
  403: "Signed in without the right: an editor's session (the /cms panel's only).",
  404: 'Nothing has this id, or the link is unknown, used or expired.',
  409: 'Refused by the state of the records (still in use, the last admin, an amount that does not match).',
  413: 'The body is too large.',
  415: 'The body is neither JSON nor multipart/form-data.',
  422: 'The payment provider refused the request.',
  429: 'Too many requests from this address (or for this account) in the window; try again later.',
  500: 'The payment was taken but the order is not saved yet; it will be shortly.',
  502: 'The payment provider did not answer.',
  503: 'Switched off or unavailable just now (payments, mail, too many live streams).',
};

/**
 * Every route, whatever it does, may answer 431: Node refuses a request whose headers (the URL included) pass
 * its 16 KiB limit before any route runs, with no body. Described once, referred to by every operation, so
 * that one with no other client error still says how it can fail.
 */
export const HEADERS_TOO_LARGE = 'HeadersTooLarge';
export const headersTooLargeResponse = {
  description: "The request's headers (the URL included) are over 16 KiB: refused before any route runs, no body.",
} as const;

/** '/products/:id' → '/products/{id}'. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

function envelopeResponse(reply: EnvelopeReply, headers?: z.ZodObject): ZodOpenApiResponseObject {
  const status = reply.status ?? 200;
  return {
    description: reply.description ?? 'Success',
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: envelopeOf(reply.result, status, reply.paginated) } },
  };
}

function successResponse(doc: RouteDoc): [string, ZodOpenApiResponseObject] {
  const { reply } = doc;
  if ('contentType' in reply) {
    const headers = reply.headers ?? doc.replyHeaders;
    return [
      String(reply.status ?? 200),
      {
        description: reply.description,
        ...(headers ? { headers } : {}),
        content: { [reply.contentType]: reply.schema ? { schema: reply.schema } : {} },
      },
    ];
  }
  return [String(reply.status ?? 200), envelopeResponse(reply, doc.replyHeaders)];
}

/** The error statuses a route answers, in order. */
export function errorStatuses(doc: RouteDoc): number[] {
  const statuses = new Set(doc.errors ?? []);
  if (doc.params || doc.query || doc.body || doc.form) statuses.add(400);
  if (doc.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Query parameters are one object's keys. A union of objects gets every key of any of them: a key of several
 * takes the union of their schemas, and a key missing from one is optional.
 */
function queryObject(query: z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>): z.ZodObject {
  if (query instanceof z.ZodObject) return query;
  const options = query.options;
  const keys = new Set(options.flatMap((option) => Object.keys(option.shape)));
  const shape: Record<string, z.ZodType> = {};
  for (const key of keys) {
    // Each option builds its own copy of a shared field (one `search` per tab): alike ones are listed once.
    const variants = [
      ...new Map(
        options
          .map((option) => option.shape[key] as z.ZodType | undefined)
          .filter((schema) => schema !== undefined)
          .map((schema) => [JSON.stringify(z.toJSONSchema(schema, { io: 'input' })), schema] as const),
      ).values(),
    ];
    const schema = variants.length === 1 ? variants[0] : z.union(variants);
    shape[key] = options.every((option) => key in option.shape) ? schema : schema.optional();
  }
  return z.object(shape);
}

/** The operation of the OpenAPI document for one route. */
export function operationOf(doc: RouteDoc): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = Object.fromEntries([
    successResponse(doc),
    ...(doc.alsoReplies ?? []).map((reply) => [String(reply.status ?? 200), envelopeResponse(reply)] as const),
    ...errorStatuses(doc).map(
      (status) =>
        [
          String(status),
          {
            description: ERROR_MEANING[status] ?? 'Error',
            content: { 'application/json': { schema: errorEnvelopeOf(status) } },
          },
        ] as const,
    ),
    ['431', { $ref: `#/components/responses/${HEADERS_TOO_LARGE}` }] as const,
  ]);
  const requestParams =
    doc.params || doc.query
      ? { ...(doc.params ? { path: doc.params } : {}), ...(doc.query ? { query: queryObject(doc.query) } : {}) }
      : undefined;
  let requestBody: ZodOpenApiOperationObject['requestBody'];
  if (doc.body) requestBody = { required: true, content: { 'application/json': { schema: doc.body } } };
  if (doc.form) requestBody = { required: true, content: { 'multipart/form-data': { schema: doc.form } } };
  return {
    operationId: `${doc.method}${openApiPath(doc.path)
      .replace(/[{}]/g, '')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join('')}`,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    // Public operations say so (an empty list): a reader tells them from the admin ones at a glance.
    // 'either': the session is optional (an empty requirement is OpenAPI's "or none").
    security: doc.access === 'admin' ? [{ session: [] }] : doc.access === 'either' ? [{ session: [] }, {}] : [],
    ...(requestParams ? { requestParams } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}
