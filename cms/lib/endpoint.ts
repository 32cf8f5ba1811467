import { addDataAndFileToRequest, type Endpoint, type PayloadRequest } from 'payload';
import type { ZodType, z } from 'zod';
import { isAdminUser } from './roles';
import { badRequest, forbidden, unauthorized } from './app-error';
import { envelope, errorEnvelope, type Reply } from './envelope';
import { parseQuery } from './query';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Handler = (req: PayloadRequest) => Promise<Reply | Response>;

/**
 * A Payload root endpoint under /api/v2. The wrapper is the only place that turns results and thrown
 * errors into the envelope, so handlers stay "parse, authorise, call one service".
 */
export function v2(method: Method, path: string, handler: Handler): Endpoint {
  return {
    method,
    path: `/v2${path}`,
    handler: async (req) => {
      try {
        const out = await handler(req);
        if (out instanceof Response) return out;
        return envelope(out.result, out.status ?? 200, out.pagination);
      } catch (err) {
        return errorEnvelope(
          err,
          (e) => req.payload.logger.error({ err: e, msg: `v2 ${method} ${path}` }),
          (e) =>
            req.payload.logger.warn({ msg: `v2 ${method} ${path}: ${e instanceof Error ? e.message : String(e)}` }),
        );
      }
    },
  };
}

export function query<S extends ZodType>(req: PayloadRequest, schema: S): z.output<S> {
  return schema.parse(parseQuery(req.searchParams));
}

export function param(req: PayloadRequest, name: string): string {
  const value = req.routeParams?.[name];
  if (typeof value !== 'string' || value === '') throw badRequest(`Missing ${name}`);
  return value;
}

export async function body<S extends ZodType>(req: PayloadRequest, schema: S): Promise<z.output<S>> {
  let data: unknown;
  try {
    data = req.json ? await req.json() : undefined;
  } catch {
    throw badRequest('Body must be valid JSON');
  }
  return schema.parse(data ?? {});
}

/**
 * The body of a request from Payload's own panel (/cms), which posts its forms as multipart with the JSON in a
 * `_payload` field, or of a JSON request; validated like `body`.
 */
export async function panelFormBody<S extends ZodType>(req: PayloadRequest, schema: S): Promise<z.output<S>> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) return body(req, schema);
  try {
    await addDataAndFileToRequest(req);
  } catch {
    throw badRequest('The form could not be read');
  }
  if (req.file) throw badRequest('No file is expected here');
  return schema.parse(req.data ?? {});
}

/** The control centre's routes: signed out is a 401, an editor's session (the /cms panel's only) a 403. */
export function requireAdmin(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user) throw unauthorized();
  if (!isAdminUser(req.user)) throw forbidden();
  return req.user;
}
