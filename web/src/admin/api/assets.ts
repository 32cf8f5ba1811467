import { ASSET_UPLOAD_FIELD, type AdminAsset, type Envelope } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiDelete, apiUrl, assetUrl, fetchList, type ListPage, withQuery } from '../../lib/api';

export type AssetSortOrder = 'ASC' | 'DESC';

/** The gallery and the picker show 20 images a page (SPEC §9), newest first unless asked otherwise. */
export const ASSETS_PAGE_SIZE = 20;

export const assetsKey = (page: number, order: AssetSortOrder = 'DESC', limit = ASSETS_PAGE_SIZE) =>
  withQuery('assets', { page, limit, sort: ['created_at', order] });

const isAssetsListKey = (key: unknown) => typeof key === 'string' && (key === 'assets' || key.startsWith('assets?'));

export function useAssets(page: number, order: AssetSortOrder = 'DESC', limit = ASSETS_PAGE_SIZE) {
  return useSWR<ListPage<AdminAsset>>(assetsKey(page, order, limit), fetchList, { keepPreviousData: true });
}

/** Every cached page is stale after an upload or a delete, whatever its sort. */
export const refreshAssetLists = () => mutate(isAssetsListKey);

export const deleteAsset = (id: string) => apiDelete<unknown>(`assets/${encodeURIComponent(id)}`);

/**
 * POST assets, multipart with the image in field `avatar` (SPEC §7), one image per request. Written with
 * fetch here because lib/api sends JSON; the reply is the same envelope. A network failure reads as 500.
 */
export async function uploadAsset(file: File): Promise<Envelope<AdminAsset | null>> {
  const form = new FormData();
  form.append(ASSET_UPLOAD_FIELD, file, file.name);
  try {
    const response = await fetch(`${apiUrl}assets`, { method: 'POST', body: form, credentials: 'include' });
    const body = (await response.json()) as Envelope<AdminAsset | null>;
    return typeof body?.status === 'number' ? body : { result: null, status: response.status };
  } catch {
    return { result: null, status: 500 };
  }
}

/** The full-size WebP of an image, or null when it cannot be fetched (gone, offline). */
export async function fetchAssetFile(id: string): Promise<Blob | null> {
  const url = assetUrl(id);
  if (!url) return null;
  try {
    const response = await fetch(url, { credentials: 'include' });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}
