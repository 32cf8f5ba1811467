import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { cachedNow } from './catalog-cache';
import { cacheable, publicAnswerKey } from './public-response-cache';

/** What public-response-cache.ts keeps of a catalogue answer (only 200s are kept). */
interface KeptAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** compression()'s default threshold: a smaller body is sent as is, by either door. */
const COMPRESSION_THRESHOLD = 1024;

const CATALOGUE_PATH = /^\/api\/v2\/(config|products|categories|recipes)(\/|$)/;

type Encoding = 'br' | 'gzip';

/** A kept answer as written: its body in each encoding asked so far, and the whole header list beside it. */
interface Written {
  body: Buffer;
  headers: string[];
}

/** Made once per kept answer and encoding, not once per read; dropped with the answer. */
const written = new WeakMap<KeptAnswer, Partial<Record<Encoding | 'identity', Written>>>();

const compress: Record<Encoding, (body: Buffer) => Buffer> = {
  // Once per answer, so a better ratio than compression's per-request quality 4 is affordable.
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => gzipSync(body),
};

function writtenAs(answer: KeptAnswer, encoding: Encoding | null, securityHeaders: Array<[string, string]>): Written {
  let forms = written.get(answer);
  if (!forms) written.set(answer, (forms = {}));
  const kept = forms[encoding ?? 'identity'];
  if (kept) return kept;
  const body = encoding ? compress[encoding](answer.body) : answer.body;
  // One flat list for writeHead: the header block is laid out in one go, without a setHeader (a validation
  // and a map entry) per header per read.
  const headers = [...securityHeaders, ...answer.headers, ['Vary', 'Accept-Encoding']].flat();
  if (encoding) headers.push('Content-Encoding', encoding);
  headers.push('Content-Length', String(body.length));
  return (forms[encoding ?? 'identity'] = { body, headers });
}

/**
 * The headers a middleware sets on every answer (helmet's: CSP, HSTS, nosniff…), read once by running it on a
 * response that goes nowhere. Only for a middleware whose headers depend on nothing in the request.
 */
export function headersSetBy(middleware: RequestHandler): Array<[string, string]> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  let called = false;
  middleware(req as never, res as never, () => {
    called = true;
  });
  if (!called) throw new Error('headersSetBy: the middleware did not finish synchronously');
  return Object.entries(res.getHeaders()).map(([name, value]) => [
    name,
    Array.isArray(value) ? value.join(', ') : String(value),
  ]);
}

/**
 * A catalogue answer already kept in the cache, served as the first thing the app does: the rest of the
 * middleware (helmet, compression, the prototype-key and path checks, the router, Payload's request bridge)
 * costs several times what writing a kept answer does, and none of it can change a kept answer. Safe because
 * an answer is only kept (public-response-cache.ts, mounted behind all of them) after a request with the same
 * key passed every one of those checks: the key is made of the raw path and the known parameters only, so a
 * request that would fail a check (a malformed path, a prototype key, an unknown parameter) never finds one.
 * The answer carries what the long way would have given it: `securityHeaders` (the site's helmet headers),
 * `Vary: Accept-Encoding` and a brotli or gzip body for a client that takes one (compression's), the route's
 * own headers.
 * Anything else (a miss, HEAD, a session, an Origin) goes on down the chain as before.
 */
export function earlyPublicAnswer(securityHeaders: Array<[string, string]>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || !CATALOGUE_PATH.test(req.path) || !cacheable(req)) return next();
    const queryStart = req.url.indexOf('?');
    const key = publicAnswerKey(req.path, new URLSearchParams(queryStart === -1 ? '' : req.url.slice(queryStart + 1)));
    const answer = key === null ? undefined : cachedNow<KeptAnswer | null>(key);
    if (!answer) return next();
    // As compression() chooses: brotli when the client takes it, else gzip, else the body as is.
    const encoding: Encoding | null =
      answer.body.length < COMPRESSION_THRESHOLD || !req.headers['accept-encoding']
        ? null
        : req.acceptsEncodings('br') === 'br'
          ? 'br'
          : req.acceptsEncodings('gzip') === 'gzip'
            ? 'gzip'
            : null;
    const { body, headers } = writtenAs(answer, encoding, securityHeaders);
    res.writeHead(answer.status, headers);
    res.end(body);
  };
}
