import { Readable } from 'node:stream';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { badRequest } from './app-error';
import { describeError } from './envelope';

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
  const buffer = Buffer.from(await response.arrayBuffer());
  res.end(buffer);
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
