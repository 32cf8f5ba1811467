import {
  documentHead,
  type HeadTag,
  headTags,
  type PageHead,
  type PageMeta,
  pageHead,
  siteUrls,
  type SiteUrls,
} from '@shop/shared';
import { useEffect, useMemo } from 'react';
import { siteOrigin } from '../../app/site-origin';

export type DocumentMeta = PageMeta;

/** The shop's public URLs, as the server writes them into the head (its PUBLIC_URL, handed over with the page). */
export const useSiteUrls = (): SiteUrls => siteUrls(siteOrigin());

const PAGE_TAG = 'data-page-head';

/** The attribute that names a shared tag (og:title, twitter:description…), to find the server's copy. */
function keyOf(tag: HeadTag): [string, string] | null {
  for (const attribute of ['name', 'property'] as const) {
    const value = tag.attributes[attribute];
    if (value) return [attribute, value];
  }
  return null;
}

function element(tag: HeadTag): HTMLElement {
  const node = document.createElement(tag.tag);
  for (const [key, value] of Object.entries(tag.attributes)) node.setAttribute(key, value);
  if (tag.json) node.textContent = JSON.stringify(tag.json);
  return node;
}

function writeHead(head: PageHead) {
  const { title, description } = documentHead(head.meta);
  document.title = title;
  let describe = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!describe) {
    describe = document.createElement('meta');
    describe.name = 'description';
    document.head.append(describe);
  }
  describe.content = description;
  for (const tag of document.head.querySelectorAll(`[${PAGE_TAG}]`)) tag.remove();
  for (const tag of headTags(head)) {
    if (tag.pageOnly) {
      const node = element(tag);
      node.setAttribute(PAGE_TAG, '');
      document.head.append(node);
      continue;
    }
    const key = keyOf(tag);
    const existing = key && document.head.querySelector<HTMLMetaElement>(`meta[${key[0]}="${key[1]}"]`);
    if (existing) existing.content = tag.attributes.content ?? '';
    else document.head.append(element(tag));
  }
}

/**
 * The whole head for the page that calls it, written as the server writes it for that URL (@shop/shared
 * page-head.ts): title, description, canonical link, link-preview tags and structured data. So a page reached
 * by a click in the SPA has the same head as one loaded from its address (issue 23). Null while the page's
 * record loads: the shop's own title and description, and nothing that belongs to one URL.
 */
export function usePageHead(head: PageHead | null): void {
  const urls = useSiteUrls();
  // A new object every render; its content is what counts.
  const text = JSON.stringify(
    head ?? { meta: {}, canonical: null, ogType: 'website', image: null, jsonLd: [], noindex: false },
  );
  const stable = useMemo(() => JSON.parse(text) as PageHead, [text]);
  useEffect(() => {
    writeHead(stable);
    // Every page writes its head once it is live: a server-rendered page is hydrated by then (end-to-end
    // tests wait for this before they click).
    document.documentElement.dataset.hydrated = 'true';
  }, [stable, urls.origin]);
}

/**
 * A page whose head says a title and description, at its own path, with the shop's picture as the server
 * gives it (pageHead); without a path (a page that is none of the shop's addresses), no canonical link and
 * no picture.
 */
export function useDocumentMeta(meta: DocumentMeta, head: Partial<PageHead> & { path?: string } = {}): void {
  const urls = useSiteUrls();
  const { path, ...extra } = head;
  usePageHead(
    path === undefined
      ? { meta, canonical: null, ogType: 'website', image: null, jsonLd: [], noindex: false, ...extra }
      : pageHead(path, meta, urls, extra),
  );
}
