import { useEffect } from 'react';
import { metaDescription, pageTitle } from './document-meta';

export interface DocumentMeta {
  /** The page's own name ("Olio Nuovo", "Order #1042"); undefined while it loads, which shows Home's title. */
  title?: string | null;
  /** Product and category pages describe themselves to search engines and link previews. */
  description?: string | null;
}

/** index.html's description: pages without their own put it back, so a product's text never lingers. */
let shopDescription: string | null = null;

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  shopDescription ??= tag.content;
  return tag;
}

/**
 * Sets document.title ("<title> · Bottega di Famiglia") and the description meta for the page that calls it.
 * A page without a description gets the shop's own from index.html. Leaving the page puts the shop's title
 * and description back, so a page that sets none never shows the previous page's.
 */
export function useDocumentMeta({ title, description }: DocumentMeta): void {
  useEffect(() => {
    document.title = pageTitle(title);
    return () => {
      document.title = pageTitle(null);
    };
  }, [title]);

  useEffect(() => {
    const tag = descriptionTag();
    tag.content = metaDescription(description) || (shopDescription ?? '');
    return () => {
      tag.content = shopDescription ?? '';
    };
  }, [description]);
}
