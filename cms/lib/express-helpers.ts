import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { SanitizedConfig } from 'payload';
import { AppError, badRequest } from './app-error';
import { describeError } from './envelope';
import { assertSafeRestQuery } from './rest-query';

/** Builds a Fetch Request from an express request; a buffered body is passed as is, a stream as a web stream. */
export function toFetchRequest(req: ExpressRequest): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  // URL() resolves "/./" and "%2e%2e": such a path would reach a different handler than the one express
  // (and its rate limiters) matched, so it is refused rather than normalised.
  if (url.pathname !== req.originalUrl.split('?')[0]) throw badRequest('Invalid path');
  // Payload's router decodes each path segment and answers a malformed escape (e.g. "%E0%A4%A") with a 500.
  try {
    decodeURIComponent(url.pathname);
  } catch {
    throw badRequest('Invalid path');
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (Buffer.isBuffer(req.body)) {
      init.body = req.body.length > 0 ? new Uint8Array(req.body) : null;
      headers.delete('content-length');
      if (req.body.length > 0) headers.set('content-length', String(req.body.length));
    } else {
      init.body = Readable.toWeb(req) as unknown as ReadableStream;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

export const MULTIPART_BROKEN = 'The body is incomplete or is not valid multipart/form-data.';

/**
 * Payload's multipart reader (busboy) answers a truncated or malformed body with a plain error, i.e. a 500
 * logged at error level, and it reads the body before any access check. A buffered multipart body is
 * therefore parsed once here first: it must end with its closing boundary and parse as form data.
 */
async function readCompleteMultipart(contentType: string, body: Buffer): Promise<FormData> {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  const delimiter = boundary ? `--${boundary[1] ?? boundary[2]}--` : null;
  if (!delimiter || !body.includes(delimiter)) throw badRequest(MULTIPART_BROKEN);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(MULTIPART_BROKEN);
  }
  // Payload takes the document's fields from the part "_payload" with a bare JSON.parse.
  const document = form.get('_payload');
  if (document === null) return form;
  let data: unknown;
  try {
    data = typeof document === 'string' ? JSON.parse(document) : null;
  } catch {
    data = null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw badRequest('The form field _payload must be a JSON object');
  }
  return form;
}

/** Payload's REST writes of a whole document: create, update (one or many) and a global's update. */
function isDocumentWrite(method: string, pathname: string, config: SanitizedConfig): boolean {
  const [, , first, second, third] = pathname.split('/');
  if (method === 'PATCH') return true;
  if (method !== 'POST') return false;
  if (first === 'globals') return third === undefined && config.globals.some((g) => g.slug === second);
  return second === undefined && config.collections.some((c) => c.slug === first);
}

/** The header by which Payload's handler turns a POST into a GET (handleEndpoints in payload/utilities). */
const isGetOverride = (req: ExpressRequest): boolean =>
  req.method === 'POST' &&
  (req.get('x-payload-http-method-override') === 'GET' || req.get('x-http-method-override') === 'GET');

/**
 * Payload reads a JSON body only when the type is exactly application/json and otherwise leaves the data
 * empty, and a document write whose data is missing, null, a string or a number throws a plain TypeError
 * (500) in its field hooks. So a write must carry a JSON object (or multipart form data), and any JSON body
 * must parse: Payload's own "Invalid JSON" 400 is logged as an error.
 */
function assertReadableBody(req: ExpressRequest, config: SanitizedConfig, pathname: string): void {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const mediaType = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const write = isDocumentWrite(req.method, pathname, config);
  if (mediaType.startsWith('multipart/')) return;
  if (mediaType === 'application/json' && body.length > 0) {
    let data: unknown;
    try {
      data = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest('Body must be valid JSON');
    }
    if (write && (typeof data !== 'object' || data === null || Array.isArray(data))) {
      throw badRequest('Body must be a JSON object');
    }
    return;
  }
  // Payload's panel reads lists (a relationship field's options and the labels of its values) as a POST
  // overridden to GET with the query as a form body, which Payload runs as the query string: checked as one.
  if (mediaType === 'application/x-www-form-urlencoded' && isGetOverride(req)) {
    assertSafeRestQuery(config, pathname, new URLSearchParams(body.toString('utf8')));
    return;
  }
  if (body.length > 0) throw new AppError(415, 'Send the body as application/json or multipart/form-data');
  if (write) throw badRequest('Body must be a JSON object');
}

/**
 * Refuses, with a 4xx, what Payload's own REST API (everything under /api except /api/v2, whose handlers
 * validate for themselves) would answer with a 500: a query it cannot run or a body it cannot read.
 */
export async function assertPayloadCanRead(
  req: ExpressRequest,
  request: Request,
  configOrPromise: Promise<SanitizedConfig> | SanitizedConfig,
): Promise<void> {
  const url = new URL(request.url);
  if (/^\/api\/v2(\/|$)/.test(url.pathname)) return;
  const config = await configOrPromise;
  assertSafeRestQuery(config, url.pathname, url.searchParams);
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const contentType = req.get('content-type') ?? '';
  if (contentType.toLowerCase().startsWith('multipart/') && Buffer.isBuffer(req.body)) {
    const form = await readCompleteMultipart(contentType, req.body);
    // A write's data comes from "_payload" or, for an upload, from the file; with neither it is missing.
    let carriesDocument = form.has('_payload');
    form.forEach((value) => {
      if (typeof value !== 'string') carriesDocument = true;
    });
    if (!carriesDocument && isDocumentWrite(req.method, url.pathname, config)) {
      throw badRequest('Send the document as JSON or in the form field _payload');
    }
  }
  assertReadableBody(req, config, url.pathname);
}

/** Copies a Fetch Response onto the express response, keeping every Set-Cookie header. */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  // A JSON answer is made whole by its handler: written whole, with its length, so that compression leaves a
  // small one (most of them: a checkout's, an envelope's) alone. Streamed, its length is unknown and every
  // answer got a zlib stream of its own, whatever its size: a good share of a small request's cost.
  if (/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) {
    const body = Buffer.from(await response.arrayBuffer());
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return;
  }
  // Piped, not buffered: a CSV export of every order is written as the database pages arrive, never held whole.
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), res);
  } catch (err) {
    // The client went away mid-body (a closed control-centre tab on the live-events stream, an abandoned
    // download): the body's source is cancelled by the pipeline, and there is no one left to answer. Or the
    // body failed after the headers left (its producer logs that): the socket is destroyed, the client sees a
    // cut-off download.
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && !res.writableFinished) return;
    if (res.destroyed) return;
    throw err;
  }
}

export function sendEnvelope(res: ExpressResponse, result: unknown, status: number): void {
  res.status(status).setHeader('Cache-Control', 'no-store').json({ result, status });
}

/** The last express error handler: body-parser's 413/400 and anything unexpected, in the envelope. */
export function envelopeErrorHandler(err: unknown, _req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (res.headersSent) return next(err);
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.too.large') return sendEnvelope(res, 'Request body too large', 413);
  if (e?.type === 'entity.parse.failed') return sendEnvelope(res, 'Body must be valid JSON', 400);
  const { status, result } = describeError(err);
  if (status >= 500) console.error(err);
  sendEnvelope(res, result, status);
}

/**
 * A form posted to a storefront page is taken only from the shop's own pages: a browser names the page's origin
 * in Origin, and another site's form (which would send messages in its visitors' names, each from their own
 * address and so past the per-address rate limit) is refused with 403. A client that sends no Origin is no
 * browser on another site, and is let through like an API call.
 */
export function sameSiteForm(allowed: readonly string[]): RequestHandler {
  const origins = new Set(allowed.flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : [])));
  return (req, res, next) => {
    // The browser says where the form was sent from: another site's page is refused outright.
    const site = req.headers['sec-fetch-site'];
    const fromElsewhere = site === 'cross-site' || site === 'same-site';
    const origin = req.headers.origin;
    // "null" is what a browser sends for the shop's own page too (its Referrer-Policy is no-referrer), so only a
    // named origin that is not the shop's is a refusal on its own.
    const ownOrigin =
      origin === undefined ||
      origin === 'null' ||
      origins.has(origin) ||
      origin === `${req.protocol}://${req.get('host')}`;
    if (!fromElsewhere && ownOrigin) return next();
    sendEnvelope(res, 'This form is taken only from the shop’s own pages', 403);
  };
}
