import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError, badRequest } from './app-error';

/**
 * Issue 29 §1: no input may name a shared prototype. A key `__proto__` (or `constructor` then `prototype`)
 * reaching code that merges or assigns by key — qs, Payload's query sanitiser, a deep merge — writes into
 * Object.prototype, and from then on every object of the process inherits the value: sign-in, checkout and
 * the catalogue failed until a restart. None of these names is ever a field, a parameter, a cookie or a
 * header the shop or Payload uses, so a request that carries one as a key is refused with a 400 before
 * anything walks it. A value may say anything ("constructor" as a product's name is fine).
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A key of a query string or form, `a[b].c`, in the segments qs (brackets, and dots with allowDots) reads. */
const KEY_SEGMENT_SEPARATORS = /[[\].]/;

const isProtoKey = (key: string) => PROTOTYPE_KEYS.has(key);

/**
 * Percent-decoding as forgiving as the most forgiving reader (URLSearchParams keeps a malformed escape and
 * decodes the rest), repeated so that a key encoded twice is seen as a reader that decodes twice would see it.
 */
function decodeLeniently(text: string): string {
  let current = text.replace(/\+/g, ' ');
  for (let round = 0; round < 3; round++) {
    const next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The first prototype name among the segments of a (decoded) form or query key, e.g. `where[__proto__]`. */
function protoInKeyPath(key: string): string | null {
  return key.split(KEY_SEGMENT_SEPARATORS).find(isProtoKey) ?? null;
}

/**
 * A React Flight reference, as Next's server actions send them ("$1:__proto__:then" points into another
 * part of the reply): the path after the first colon is walked property by property.
 */
function protoInFlightReference(value: string): string | null {
  if (!value.startsWith('$') || !value.includes(':')) return null;
  return value.split(':').slice(1).find(isProtoKey) ?? null;
}

export interface JsonCheckOptions {
  /** Also read strings as React Flight references (the bodies Next's server actions receive). */
  flightReferences?: boolean;
}

/** The first prototype name used as a key anywhere in a parsed JSON document (arrays included), or null. */
export function prototypeKeyInJson(document: unknown, options: JsonCheckOptions = {}): string | null {
  // Iterative: a document nested thousands deep must not overflow the stack of the check meant to guard it.
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      const reference = options.flightReferences ? protoInFlightReference(value) : null;
      if (reference) return reference;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // JSON.parse makes "__proto__" an own key (harmless until something copies it): Object.keys lists it.
    for (const key of Object.keys(value)) {
      // A key may itself be a path ("a.__proto__" in a `where`, "a[__proto__]" read by a form library).
      const found = protoInKeyPath(key);
      if (found) return found;
      pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return null;
}

/** JSON.parse for text that looks like a document; undefined when it is not one (then it is a plain value). */
function parseJsonDocument(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[' && start !== '"') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A value that is a JSON document (Payload parses a string `where`, `_payload` and `file` as JSON). */
function protoInValue(value: string, options: JsonCheckOptions): string | null {
  if (options.flightReferences) {
    const reference = protoInFlightReference(value);
    if (reference) return reference;
  }
  const document = parseJsonDocument(value);
  return document === undefined ? null : prototypeKeyInJson(document, options);
}

/**
 * The first prototype name in a query string or an urlencoded body (without the leading "?"): a key segment
 * in any of the spellings readers accept (`a[__proto__]`, `a.__proto__`, `%5F%5Fproto__`, twice encoded), or
 * a key inside a value that is a JSON document.
 */
export function prototypeKeyInQuery(query: string, options: JsonCheckOptions = {}): string | null {
  if (query === '') return null;
  for (const pair of query.split(/[&;]/)) {
    const eq = pair.indexOf('=');
    const key = decodeLeniently(eq === -1 ? pair : pair.slice(0, eq));
    const found =
      protoInKeyPath(key) ?? (eq === -1 ? null : protoInValue(decodeLeniently(pair.slice(eq + 1)), options));
    if (found) return found;
  }
  return null;
}

/** The first prototype name among the cookie names of a Cookie header. */
export function prototypeKeyInCookies(header: string | undefined): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    const found = protoInKeyPath(decodeLeniently((eq === -1 ? pair : pair.slice(0, eq)).trim()));
    if (found) return found;
  }
  return null;
}

/** The first prototype name among header names (node's rawHeaders: name, value, name, value…). */
export function prototypeKeyInHeaderNames(rawHeaders: string[]): string | null {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (isProtoKey(name)) return name;
  }
  return null;
}

/** The first path segment that is a prototype name: Payload looks collections and globals up by it. */
export function prototypeKeyInPath(pathname: string): string | null {
  return pathname.split('/').map(decodeLeniently).find(isProtoKey) ?? null;
}

/**
 * The first prototype name in a body: JSON (any media type: Next's server actions send text/plain), an
 * urlencoded form, or multipart form data (field names, and fields holding JSON such as Payload's `_payload`).
 * A body that does not parse is left to its reader, which refuses it.
 */
export async function prototypeKeyInBody(
  contentType: string,
  body: Buffer,
  options: JsonCheckOptions = {},
): Promise<string | null> {
  if (body.length === 0) return null;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  if (mediaType === 'application/x-www-form-urlencoded') return prototypeKeyInQuery(body.toString('utf8'), options);
  if (mediaType.startsWith('multipart/')) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    } catch {
      return null;
    }
    let found: string | null = null;
    form.forEach((value, name) => {
      found ??= protoInKeyPath(name) ?? (typeof value === 'string' ? protoInValue(value, options) : null);
    });
    return found;
  }
  return protoInValue(body.toString('utf8'), options);
}

const refused = (key: string, where: string) => badRequest(`Invalid ${where}: "${key}" may not be used as a name`);

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Reads a request's whole body and puts it back, so that the handler after this one (Next's, which reads the
 * request stream itself) still reads all of it. Reading exactly what is buffered never signals the end of
 * the stream, and the bytes are put back before anyone else listens; null when the body exceeds `limit`.
 */
export function readBodyAndPutBack(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    // Already whole and nothing buffered: either empty or read by someone else; reading would end the stream.
    if (req.complete && req.readableLength === 0) return resolve(Buffer.alloc(0));
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | null, err?: unknown) => {
      req.off('readable', onReadable);
      req.off('error', onError);
      if (result !== null && result.length > 0) req.unshift(result);
      if (err) reject(err);
      else resolve(result);
    };
    const onError = (err: unknown) => finish(null, err);
    function onReadable() {
      while (req.readableLength > 0) {
        const chunk = req.read(req.readableLength) as Buffer | null;
        if (chunk === null) break;
        chunks.push(chunk);
        size += chunk.length;
        if (size > limit) return finish(null);
      }
      if (req.complete) finish(Buffer.concat(chunks));
    }
    req.on('readable', onReadable);
    req.on('error', onError);
  });
}

/**
 * Next's own limit for a server action's body (serverActions.bodySizeLimit, left at its default in
 * next.config.mjs); nothing else outside /api takes a bigger body.
 */
const READ_BODY_LIMIT = 1024 * 1024;

export interface PrototypeKeyGuardOptions {
  /** Bodies outside /api are read here whole, up to this many bytes (larger: 413); 1 MiB unless told. */
  bodyLimit?: number;
  /** Where the buffered body check (`bufferedBody`) runs instead of reading the body early. */
  isBufferedPath: (pathname: string) => boolean;
  /** Paths served by Next (server actions): strings in their bodies are also read as Flight references. */
  isFlightPath: (pathname: string) => boolean;
}

/**
 * `request`: mounted first, before anything parses or walks input; refuses a prototype name in the query
 * string, the path (under /api), the cookie and header names, and in the body of any request outside the
 * buffered paths (read whole and put back). `bufferedBody`: mounted after the /api body is buffered by
 * express.raw, before Payload's handlers; checks that buffer.
 */
export function prototypeKeyGuard(options: PrototypeKeyGuardOptions): {
  request: RequestHandler;
  bufferedBody: RequestHandler;
} {
  const request: RequestHandler = (req, _res, next) => {
    const url = req.originalUrl;
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const flight = { flightReferences: options.isFlightPath(pathname) };
    const inQuery = q === -1 ? null : prototypeKeyInQuery(url.slice(q + 1), flight);
    if (inQuery) return next(refused(inQuery, 'query'));
    const inPath = pathname.startsWith('/api/') ? prototypeKeyInPath(pathname) : null;
    if (inPath) return next(refused(inPath, 'path'));
    const cookie = prototypeKeyInCookies(req.headers.cookie);
    if (cookie) return next(refused(cookie, 'cookie'));
    const header = prototypeKeyInHeaderNames(req.rawHeaders);
    if (header) return next(refused(header, 'header'));
    if (options.isBufferedPath(pathname) || !hasBody(req)) return next();
    readBodyAndPutBack(req, options.bodyLimit ?? READ_BODY_LIMIT)
      .then(async (body) => {
        if (body === null) throw new AppError(413, 'Request body too large');
        const inBody = await prototypeKeyInBody(req.headers['content-type'] ?? '', body, flight);
        next(inBody ? refused(inBody, 'body') : undefined);
      })
      .catch(next);
  };
  const bufferedBody: RequestHandler = (req, _res, next) => {
    if (!Buffer.isBuffer(req.body)) return next();
    prototypeKeyInBody(req.headers['content-type'] ?? '', req.body).then(
      (key) => next(key ? refused(key, 'body') : undefined),
      next,
    );
  };
  return { request, bufferedBody };
}
