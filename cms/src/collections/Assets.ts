import path from 'node:path';
import type { CollectionConfig } from 'payload';
import { anyone } from '../access/anyone';
import { isAdmin } from '../access/is-admin';
import { uploadsDir } from '../lib/paths';

/**
 * Images. Every upload is converted to WebP by sharp and kept in three sizes; files are served by the
 * express host at /assets/{id} with long-lived cache headers.
 */
export const Assets: CollectionConfig = {
  slug: 'assets',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: { useAsTitle: 'filename' },
  upload: {
    staticDir: path.resolve(uploadsDir),
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'],
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
    ],
    adminThumbnail: 'thumbnail',
  },
  fields: [{ name: 'alt', type: 'text', maxLength: 200 }],
};
