import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import express, { type Request, type Response, type Router } from 'express';
import { createLocalReq, type Payload, type TypeWithID } from 'payload';
import { z } from 'zod';
import { idSchema } from '@shop/shared';
import { env } from '../lib/env';
import { sendEnvelope } from '../lib/express-helpers';
import { staticAssetsDir, uploadsDir } from '../lib/paths';

const sizeSchema = z.enum(['thumbnail', 'card', 'preview', 'full']).default('full');
const YEAR = 365 * 24 * 60 * 60 * 1000;
const IMMUTABLE = `public, max-age=${YEAR / 1000}, immutable`;
const STAND_IN = 'public, max-age=86400';

export interface AssetDoc extends TypeWithID {
  filename?: string | null;
  sizes?: Record<string, { filename?: string | null } | undefined>;
}

/** What the bucket's reply may pass on: the rest (its content type, its storage headers) is set here. */
const PASSED_ON_HEADERS = ['etag', 'content-length', 'content-range', 'accept-ranges', 'last-modified'];

/**
 * An upload's file from the bucket through storage-s3's own reader (the handler it adds to the assets
 * collection): the object key is worked out exactly as when it was written, and conditional (If-None-Match)
 * and range requests are answered by it. Streamed rather than redirected to the bucket: the bucket stays
 * private, and the reply keeps this origin's year-long cache headers, so browsers and a CDN cache it the same
 * way as a file from the disk.
 */
async function objectStorageReply(
  payload: Payload,
  doc: AssetDoc,
  filename: string,
  headers: Headers,
  signal?: AbortSignal,
): Promise<globalThis.Response | undefined> {
  const handlers = payload.collections.assets.config.upload.handlers ?? [];
  const localReq = await createLocalReq({ req: { headers, signal } }, payload);
  for (const handler of handlers) {
    const result = await handler(localReq, { doc, params: { collection: 'assets', filename } });
    if (result instanceof globalThis.Response) return result;
  }
  return undefined;
}

/** An upload's stored file (one of its sizes, by file name), from the disk or the bucket; null when missing. */
export async function readAssetFile(payload: Payload, doc: AssetDoc, filename: string): Promise<Buffer | null> {
  const name = path.basename(filename);
  if (env.s3) {
    const reply = await objectStorageReply(payload, doc, name, new Headers());
    if (!reply || reply.status === 404) return null;
    if (!reply.ok) throw new Error(`The image storage answered ${reply.status} for ${name}`);
    return Buffer.from(await reply.arrayBuffer());
  }
  const file = path.join(uploadsDir, name);
  return fs.existsSync(file) ? fs.promises.readFile(file) : null;
}

async function sendFromObjectStorage(
  payload: Payload,
  req: Request,
  res: Response,
  doc: AssetDoc,
  filename: string,
  cacheControl: string,
) {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const headers = new Headers();
  for (const name of ['if-none-match', 'range']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const reply = await objectStorageReply(payload, doc, filename, headers, abort.signal);
  if (!reply || reply.status === 404) return sendEnvelope(res, 'Image not found', 404);
  if (reply.status >= 500) {
    // storage-s3 has logged what the bucket said; the shopper only needs to know it is not their request.
    return sendEnvelope(res, 'The image storage is not answering; try again shortly', 502);
  }
  res.status(reply.status);
  for (const name of PASSED_ON_HEADERS) {
    const value = reply.headers.get(name);
    if (value !== null) res.setHeader(name, value);
  }
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Type', 'image/webp');
  res.setHeader('Content-Disposition', contentDisposition(doc));
  if (!reply.body || reply.status === 304) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(reply.body as WebReadableStream), res);
  } catch (err) {
    // A shopper who scrolls on closes the request mid-image: nothing went wrong on this side.
    if (!abort.signal.aborted) throw err;
  }
}

const contentDisposition = (doc: AssetDoc) => `inline; filename="${doc.id}.webp"`;

/**
 * /assets/static/* are the fixed storefront pictures; /assets/{id}[?size=card|preview|thumbnail] are uploads, from
 * the local disk or, with S3_* set, from the bucket. An asset's picture never changes under its id, so both are
 * cached for a year; only the full file standing in for a size the upload does not have yet is cached for a day.
 */
export function assetRoutes(payload: Payload): Router {
  const router = express.Router();
  router.use(
    '/static',
    express.static(staticAssetsDir, { maxAge: YEAR, immutable: true, index: false, fallthrough: false }),
  );

  router.get('/:id', async (req, res, next) => {
    try {
      const id = idSchema.safeParse(req.params.id.replace(/\.webp$/, ''));
      const size = sizeSchema.safeParse(req.query.size ?? undefined);
      if (!id.success || !size.success) return sendEnvelope(res, 'Invalid image request', 400);
      const doc = (await payload
        .findByID({ collection: 'assets', id: id.data, depth: 0, overrideAccess: true, disableErrors: true })
        .catch(() => null)) as AssetDoc | null;
      if (!doc?.filename) return sendEnvelope(res, 'Image not found', 404);
      const sized = size.data !== 'full' ? doc.sizes?.[size.data]?.filename : null;
      const filename = path.basename(sized || doc.filename);
      // An upload older than the size asked for gets its full file, but only for a day: once
      // `npm run images:previews` has made the size, browsers and CDNs take it instead.
      const cacheControl = size.data !== 'full' && !sized ? STAND_IN : IMMUTABLE;
      if (env.s3) return await sendFromObjectStorage(payload, req, res, doc, filename, cacheControl);
      const file = path.join(uploadsDir, filename);
      if (!fs.existsSync(file)) return sendEnvelope(res, 'Image not found', 404);
      res.setHeader('Content-Disposition', contentDisposition(doc));
      res.sendFile(file, {
        cacheControl: false,
        headers: { 'Content-Type': 'image/webp', 'Cache-Control': cacheControl },
      });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
