import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prototypeKeyGuard,
  prototypeKeyInBody,
  prototypeKeyInCookies,
  prototypeKeyInHeaderNames,
  prototypeKeyInJson,
  prototypeKeyInPath,
  prototypeKeyInQuery,
  readBodyAndPutBack,
} from './prototype-keys';

describe('prototypeKeyInQuery', () => {
  it('when a key names a prototype in brackets, dots or percent-encoded (once or twice), then it is found', () => {
    expect(prototypeKeyInQuery('where[__proto__][equals]=1')).toBe('__proto__');
    expect(prototypeKeyInQuery('where.__proto__.equals=1')).toBe('__proto__');
    expect(prototypeKeyInQuery('%5F%5Fproto__[x]=1')).toBe('__proto__');
    expect(prototypeKeyInQuery('where%5B%5F%5Fproto%5F%5F%5D=1')).toBe('__proto__');
    expect(prototypeKeyInQuery('%255F%255Fproto__[x]=1')).toBe('__proto__');
    expect(prototypeKeyInQuery('a=1&constructor[prototype][x]=1')).toBe('constructor');
    expect(prototypeKeyInQuery('sort=a&x[y][prototype]')).toBe('prototype');
    expect(prototypeKeyInQuery('a=1;__proto__[x]=1')).toBe('__proto__');
  });

  it('when a malformed escape sits in the key, then the rest is still decoded as URLSearchParams would', () => {
    expect(prototypeKeyInQuery('%5F%5Fproto__%ZZ[x]=1')).toBeNull();
    expect(prototypeKeyInQuery('%ZZ[%5F%5Fproto%5F%5F]=1')).toBe('__proto__');
  });

  it('when a value is a JSON document with a prototype key (a string where), then it is found', () => {
    expect(prototypeKeyInQuery(`where=${encodeURIComponent('{"__proto__":{"equals":1}}')}`)).toBe('__proto__');
    expect(prototypeKeyInQuery(`where=${encodeURIComponent('{"or":[{"a":{"constructor":1}}]}')}`)).toBe('constructor');
  });

  it('when the words are only values, or parts of longer names, then nothing is found', () => {
    expect(prototypeKeyInQuery('where[name][equals]=constructor&search=__proto__&q=prototype')).toBeNull();
    expect(prototypeKeyInQuery('where[constructors][equals]=1&my__proto__=1&prototype_id=2')).toBeNull();
    expect(prototypeKeyInQuery(`where=${encodeURIComponent('{"name":{"equals":"__proto__"}}')}`)).toBeNull();
    expect(prototypeKeyInQuery('')).toBeNull();
  });
});

describe('prototypeKeyInJson', () => {
  it('when JSON.parse made an own "__proto__" key at any depth, arrays included, then it is found', () => {
    expect(prototypeKeyInJson(JSON.parse('{"a":[1,{"b":[{"__proto__":{"x":1}}]}]}'))).toBe('__proto__');
    expect(prototypeKeyInJson(JSON.parse('[[["x",{"constructor":{"prototype":{}}}]]]'))).toBe('constructor');
    expect(prototypeKeyInJson({ or: [{ 'price.__proto__': { exists: true } }] })).toBe('__proto__');
    expect(prototypeKeyInJson({ 'a[prototype]': 1 })).toBe('prototype');
  });

  it('when a document is nested 100 000 deep, then the walk ends without overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}{"__proto__":1}${']'.repeat(100_000)}`;
    expect(prototypeKeyInJson(JSON.parse(deep))).toBe('__proto__');
  });

  it('when the words are values, then nothing is found; as Flight references only when asked', () => {
    const document = { name: 'constructor', tags: ['__proto__', 'prototype'], ref: '$1:__proto__:then' };
    expect(prototypeKeyInJson(document)).toBeNull();
    expect(prototypeKeyInJson(document, { flightReferences: true })).toBe('__proto__');
    expect(prototypeKeyInJson(['$1:constructor:constructor'], { flightReferences: true })).toBe('constructor');
    expect(prototypeKeyInJson(['$1:name', '$constructor'], { flightReferences: true })).toBeNull();
  });
});

describe('prototypeKeyInBody', () => {
  const multipart = (name: string, value: string) =>
    Buffer.from(`--XX\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--XX--\r\n`);
  const MULTIPART = 'multipart/form-data; boundary=XX';

  it("when the panel's multipart _payload holds a prototype key, or a field is named by one, then it is found", async () => {
    expect(await prototypeKeyInBody(MULTIPART, multipart('_payload', '{"name":"a","__proto__":{"x":1}}'))).toBe(
      '__proto__',
    );
    expect(await prototypeKeyInBody(MULTIPART, multipart('a[constructor][prototype]', '1'))).toBe('constructor');
    expect(await prototypeKeyInBody(MULTIPART, multipart('_payload', '{"name":"constructor"}'))).toBeNull();
  });

  it('when a JSON, urlencoded or text body holds one, then it is found; plain values pass', async () => {
    expect(await prototypeKeyInBody('application/json', Buffer.from('{"a":{"__proto__":{}}}'))).toBe('__proto__');
    expect(await prototypeKeyInBody('application/x-www-form-urlencoded', Buffer.from('a[__proto__][x]=1'))).toBe(
      '__proto__',
    );
    expect(await prototypeKeyInBody('text/plain;charset=UTF-8', Buffer.from('[{"prototype":1}]'))).toBe('prototype');
    expect(await prototypeKeyInBody('application/json', Buffer.from('{"name":"constructor"}'))).toBeNull();
    expect(await prototypeKeyInBody('application/json', Buffer.from('{"unterminated": '))).toBeNull();
  });
});

describe('cookies, headers and paths', () => {
  it('when a cookie, a header or an /api path segment is named by a prototype, then it is found', () => {
    expect(prototypeKeyInCookies('a=1; __proto__=2')).toBe('__proto__');
    expect(prototypeKeyInCookies('a=1; x[constructor]=2')).toBe('constructor');
    expect(prototypeKeyInCookies('payload-token=abc; name=__proto__')).toBeNull();
    expect(prototypeKeyInHeaderNames(['Host', 'x', 'Prototype', '1'])).toBe('prototype');
    expect(prototypeKeyInHeaderNames(['Host', 'x', 'X-Constructor', 'constructor'])).toBeNull();
    expect(prototypeKeyInPath('/api/%5F%5Fproto__/count')).toBe('__proto__');
    expect(prototypeKeyInPath('/api/products/abc')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------
// On the wire

let base: string;
let server: http.Server;

beforeAll(async () => {
  const guard = prototypeKeyGuard({
    bodyLimit: 1024 * 1024,
    isBufferedPath: (pathname) => pathname.startsWith('/api/'),
    isFlightPath: (pathname) => pathname.startsWith('/cms'),
  });
  const app = express();
  app.use(guard.request);
  // Stands in for Next's server actions: reads the request stream itself (piped through a size limit and
  // iterated, as Next's action handler does), after the guard has read it.
  app.post('/cms', async (req, res) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    await Promise.all([
      pipeline(req, new PassThrough(), sink),
      (async () => {
        for await (const chunk of sink) chunks.push(chunk as Buffer);
      })(),
    ]);
    res.json({ body: Buffer.concat(chunks).toString('utf8') });
  });
  app.post('/api/x', express.raw({ type: () => true }), guard.bufferedBody, (req, res) => {
    res.json({ body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : null });
  });
  // Express tells an error handler by its four parameters.
  app.use((err: { status?: number; result?: unknown }, _req: express.Request, res: express.Response, _n: unknown) => {
    res.status(err.status ?? 500).json({ result: err.result, status: err.status });
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the guard on a request', () => {
  it('when a query names a prototype, then 400 in the envelope naming it', async () => {
    const res = await fetch(`${base}/anything?where[__proto__][equals]=1`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ result: 'Invalid query: "__proto__" may not be used as a name', status: 400 });
  });

  it('when a body arrives in pieces, then the handler after the guard still reads every byte of it', async () => {
    const parts = ['["a",', '{"name":"constructor"},', `"${'x'.repeat(200_000)}"]`];
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of parts) {
          controller.enqueue(new TextEncoder().encode(part));
          await new Promise((r) => setTimeout(r, 20));
        }
        controller.close();
      },
    });
    const res = await fetch(`${base}/cms`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { body: string }).body).toBe(parts.join(''));
  });

  it('when a Next body holds a Flight reference through __proto__, then 400 before Next reads it', async () => {
    const res = await fetch(`${base}/cms`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '["$1:__proto__:then"]',
    });
    expect(await res.json()).toEqual({ result: 'Invalid body: "__proto__" may not be used as a name', status: 400 });
  });

  it('when a body is over the limit, then 413', async () => {
    const res = await fetch(`${base}/cms`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
  });

  it('when an /api body is buffered first, then it is checked there and handed on whole', async () => {
    const bad = await fetch(`${base}/api/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":[{"constructor":{"prototype":{"x":1}}}]}',
    });
    expect(bad.status).toBe(400);
    const good = await fetch(`${base}/api/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"__proto__"}',
    });
    expect(await good.json()).toEqual({ body: '{"name":"__proto__"}' });
  });
});

describe('readBodyAndPutBack', () => {
  it('when the body was already read whole by someone else, then it answers empty and leaves the stream alone', async () => {
    const seen = await new Promise<{ first: string; again: number }>((resolve) => {
      const srv = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          const again = await readBodyAndPutBack(req, 100);
          res.end();
          srv.close();
          resolve({ first: Buffer.concat(chunks).toString('utf8'), again: again?.length ?? -1 });
        });
      });
      srv.listen(0, '127.0.0.1', () =>
        fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`, { method: 'POST', body: 'abc' }),
      );
    });
    expect(seen).toEqual({ first: 'abc', again: 0 });
  });
});
