import path from 'node:path';
import type { CollectionConfig } from 'payload';
import { MAX_UPLOAD_PIXELS } from '@shop/shared/admin';
import { isStaff } from '../access/roles';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';
import { uploadsDir } from '../lib/paths';
import { assertImageUnused } from '../services/admin/assets';

/**
 * Images. Every upload is converted to WebP by sharp and kept in four sizes; files are served by the
 * express host at /assets/{id} with long-lived cache headers. The records are the control centre's: the
 * list would tell a stranger about unpublished products (their images, alt texts, upload dates), while a
 * file is only reachable by an id that a published record hands out. Editors manage them too: recipes and
 * products' images are theirs.
 */
export const Assets: CollectionConfig = {
  slug: 'assets',
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff },
  admin: { useAsTitle: 'filename' },
  upload: {
    // With S3_* set the files go to the bucket instead (storage-s3, payload.config.ts) and this is not used.
    staticDir: path.resolve(uploadsDir),
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'],
    // sharp refuses to decode a larger canvas: a small file declaring a huge one (a decompression bomb).
    constructorOptions: { limitInputPixels: MAX_UPLOAD_PIXELS },
    formatOptions: { format: 'webp', options: { quality: 82 } },
    resizeOptions: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
    imageSizes: [
      {
        name: 'thumbnail',
        width: 160,
        height: 160,
        fit: 'cover',
        formatOptions: { format: 'webp', options: { quality: 78 } },
      },
      {
        name: 'card',
        width: 480,
        height: 480,
        fit: 'cover',
        formatOptions: { format: 'webp', options: { quality: 80 } },
      },
      {
        // The picture uncropped at a phone's width (a 3:2 category picture keeps its lettering, which the square
        // card crop cuts): the storefront's tiles and first pictures, a third of the full file's bytes.
        name: 'preview',
        width: 720,
        fit: 'inside',
        withoutEnlargement: true,
        formatOptions: { format: 'webp', options: { quality: 80 } },
      },
    ],
    adminThumbnail: 'thumbnail',
  },
  hooks: {
    beforeValidate: [stripControlCharactersHook],
    beforeDelete: [({ id, req }) => assertImageUnused(req, String(id))],
  },
  fields: [{ name: 'alt', type: 'text', maxLength: 200 }],
};
