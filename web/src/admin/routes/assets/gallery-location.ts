/** The gallery's page and sort as a typed object, and its round trip through the URL's search params. */
import type { AssetSortOrder } from '../../api/assets';
import { pageFromSearchParam } from '../../lib/list-params';

export interface GalleryFilter {
  page: number;
  /** Creation date: DESC newest first (SPEC §2 default), ASC oldest first. */
  order: AssetSortOrder;
}

export const DEFAULT_GALLERY_FILTER: GalleryFilter = { page: 1, order: 'DESC' };

export const GALLERY_SORT_OPTIONS: { value: AssetSortOrder; label: string }[] = [
  { value: 'DESC', label: 'Newest first' },
  { value: 'ASC', label: 'Oldest first' },
];

/** Anything unknown or malformed in the URL falls back to the default instead of reaching the server. */
export function galleryFilterFromSearchParams(params: URLSearchParams): GalleryFilter {
  return {
    page: pageFromSearchParam(params.get('page'), DEFAULT_GALLERY_FILTER.page),
    order: params.get('sort')?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
  };
}

/** Only what differs from the defaults is written, so the plain gallery stays at a plain /admin/assets. */
export function galleryFilterToSearchParams(filter: GalleryFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.page !== DEFAULT_GALLERY_FILTER.page) params.set('page', String(filter.page));
  if (filter.order !== DEFAULT_GALLERY_FILTER.order) params.set('sort', filter.order.toLowerCase());
  return params;
}

/** A new sort starts at page 1: the images on page 3 of "newest first" are elsewhere in "oldest first". */
export const applySort = (filter: GalleryFilter, order: AssetSortOrder): GalleryFilter =>
  order === filter.order ? filter : { page: 1, order };

/**
 * The page to show instead when the current one is past the end (its last image was just deleted, or an
 * old link): the last page that has images, or null when the current page is fine.
 */
export function pageAfterShrink(page: number, shownOnPage: number, total: number, pageSize: number): number | null {
  if (shownOnPage > 0 || page <= 1) return null;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return lastPage < page ? lastPage : null;
}
