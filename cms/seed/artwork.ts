import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../lib/paths';

/**
 * The demo shop's pictures: SVG files under cms/seed/images/ (drawn for the demo catalogue, one per category,
 * product and recipe, plus the About, Contact and weekly-market pictures), rasterised by sharp at seed time.
 * They are content, not code: redraw or replace a file and seed again.
 */
const ARTWORK_DIR = path.join(repoRoot, 'cms', 'seed', 'images');

/** The SVG of `cms/seed/images/<key>.svg`, e.g. `product-olio-novello-first-harvest-500-ml`. */
export const artworkSvg = (key: string): Promise<string> => fs.readFile(path.join(ARTWORK_DIR, `${key}.svg`), 'utf8');

/** Uncompressed PNG: the assets collection re-encodes it as WebP anyway, and it decodes fastest. */
export const renderPng = (svg: string): Promise<Buffer> =>
  sharp(Buffer.from(svg)).png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer();

/** The storefront's own pictures, served from the uploads folder as they are (not assets records). */
const STATIC_PICTURES = ['about-us', 'contact-us', 'weekly-schedule'] as const;

/** Writes about-us.webp, contact-us.webp and weekly-schedule.webp into `dir`. */
export async function writeStaticImages(dir: string): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  await Promise.all(
    STATIC_PICTURES.map(async (name) =>
      sharp(Buffer.from(await artworkSvg(name)))
        .webp({ quality: 82 })
        .toFile(path.join(dir, `${name}.webp`)),
    ),
  );
  return STATIC_PICTURES.map((name) => `${name}.webp`);
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const i = nextIndex;
      nextIndex += 1;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
