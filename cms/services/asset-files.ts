import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { Payload } from 'payload';
import { z } from 'zod';
import { idSchema } from '@shop/shared';
import { sendEnvelope } from '../lib/express-helpers';
import { staticAssetsDir, uploadsDir } from '../lib/paths';

const sizeSchema = z.enum(['thumbnail', 'card', 'full']).default('full');
const YEAR = 365 * 24 * 60 * 60 * 1000;

interface AssetDoc {
  filename?: string | null;
  sizes?: Record<string, { filename?: string | null } | undefined>;
}

/**
 * /assets/static/* are the fixed storefront pictures; /assets/{id}[?size=card|thumbnail] are uploads.
 * An asset's file never changes under its id, so both are cached for a year.
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
      const filename = (size.data !== 'full' && doc.sizes?.[size.data]?.filename) || doc.filename;
      const file = path.join(uploadsDir, path.basename(filename));
      if (!fs.existsSync(file)) return sendEnvelope(res, 'Image not found', 404);
      res.setHeader('Content-Disposition', `inline; filename="${id.data}.webp"`);
      res.sendFile(file, { maxAge: YEAR, immutable: true, headers: { 'Content-Type': 'image/webp' } });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
