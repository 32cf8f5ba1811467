import { documentHead, type PageMeta } from '@shop/shared';
import { useEffect } from 'react';

export type DocumentMeta = PageMeta;

/**
 * The server fills the head for the URL it was asked for (cms/services/seo): besides the title and
 * description, link-preview copies of them and tags that belong to that URL alone (canonical link, og:url,
 * og:image, structured data, robots), marked `data-page-head`. The copies follow the page here; the URL's own
 * tags are dropped once the shopper has moved to another path, so they never describe the wrong page.
 */
const servedPath = typeof window === 'undefined' ? '' : window.location.pathname;

function metaTag(attribute: 'name' | 'property', key: string): HTMLMetaElement | null {
  return document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
}

function descriptionTag(): HTMLMetaElement {
  let tag = metaTag('name', 'description');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

function setCopies(keys: Array<['name' | 'property', string]>, content: string) {
  for (const [attribute, key] of keys) {
    const tag = metaTag(attribute, key);
    if (tag) tag.content = content;
  }
}

function dropServedPageTags() {
  if (window.location.pathname === servedPath) return;
  for (const tag of document.head.querySelectorAll('[data-page-head]')) tag.remove();
}

/**
 * Sets document.title ("<title> · Bottega di Famiglia") and the description meta for the page that calls it,
 * built as the server builds them (@shop/shared seo.ts). A page without a description gets the shop's own.
 * Leaving the page puts the shop's title and description back, so a page that sets none never shows the
 * previous page's.
 */
export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description } = documentHead(meta);
  const home = documentHead({});

  useEffect(() => {
    dropServedPageTags();
    document.title = title;
    setCopies(
      [
        ['property', 'og:title'],
        ['name', 'twitter:title'],
      ],
      title,
    );
    return () => {
      document.title = home.title;
    };
  }, [title, home.title]);

  useEffect(() => {
    descriptionTag().content = description;
    setCopies(
      [
        ['property', 'og:description'],
        ['name', 'twitter:description'],
      ],
      description,
    );
    return () => {
      descriptionTag().content = home.description;
    };
  }, [description, home.description]);
}
