import type { Payload } from 'payload';
import { type AssetDoc, readAssetFile } from './asset-files';

export interface PreviewBackfill {
  made: number;
  /** Assets whose stored file could not be read or uploaded again (named in the log). */
  failed: number;
}

const PAGE = 50;

/**
 * Uploads made before the `preview` size existed (migration 20261127_080424_asset_preview_size) have none, and
 * the storefront is served their full file instead. This gives each of them every size again: its stored file
 * is uploaded once more through Payload's own upload path, so the disk and the bucket are handled alike and
 * the old files are removed by Payload as for any replaced upload. The picture stays the same asset (same id,
 * same alt text); assets that already have a preview are not touched, so running it twice changes nothing.
 */
export async function addMissingPreviews(payload: Payload, log: (line: string) => void): Promise<PreviewBackfill> {
  const outcome: PreviewBackfill = { made: 0, failed: 0 };
  const missing: AssetDoc[] = [];
  for (let page = 1; ; page += 1) {
    const res = await payload.find({
      collection: 'assets',
      depth: 0,
      page,
      limit: PAGE,
      sort: 'createdAt',
      overrideAccess: true,
    });
    const docs = res.docs as unknown as AssetDoc[];
    missing.push(...docs.filter((doc) => doc.filename && !doc.sizes?.preview?.filename));
    if (!res.hasNextPage) break;
  }
  for (const doc of missing) {
    const filename = String(doc.filename);
    try {
      const data = await readAssetFile(payload, doc, filename);
      if (!data) {
        outcome.failed += 1;
        log(`asset ${doc.id}: its file ${filename} is missing, skipped`);
        continue;
      }
      await payload.update({
        collection: 'assets',
        id: doc.id,
        data: {},
        file: { data, mimetype: 'image/webp', name: filename, size: data.length },
        depth: 0,
        overrideAccess: true,
      });
      outcome.made += 1;
      log(`asset ${doc.id}: preview made`);
    } catch (err) {
      outcome.failed += 1;
      log(`asset ${doc.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return outcome;
}
