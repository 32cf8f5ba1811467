import {
  type ImageRef,
  isRichTextValue,
  mapRichTextNodes,
  relationId,
  type RichTextNode,
  type RichTextValue,
  richTextUploadIds,
} from '@shop/shared';
import type { Payload } from 'payload';

/** Internal links the storefront has a page for (the editor offers exactly these, fields/rich-text.ts). */
const LINKABLE_COLLECTIONS = new Set(['recipes', 'products']);

/** What a reader may learn of an image shown in a body: the /assets id it is served under and its alt text. */
type BodyImages = Map<string, { alt: string; width: number | null; height: number | null }>;

/**
 * Bodies as they leave the server (storefront recipes, dashboard changelog). An image node carries the shop's
 * ImageRef and the asset's alt text, never the asset document: the assets collection is the control centre's
 * (file names, sizes, upload dates of unpublished things). An image whose asset is gone is dropped rather than
 * shown broken. Internal links keep only `{relationTo, value: id}`. One assets read serves every body given,
 * so a list costs one query, not one per recipe.
 */
export async function publicRichTextBodies(payload: Payload, bodies: unknown[]): Promise<(RichTextValue | null)[]> {
  const ids = [...new Set(bodies.flatMap(richTextUploadIds))];
  const images: BodyImages = new Map();
  if (ids.length > 0) {
    const res = await payload.find({
      collection: 'assets',
      where: { id: { in: ids } },
      // The size too, so the page keeps the picture's room before it loads (no layout shift).
      select: { alt: true, width: true, height: true },
      depth: 0,
      limit: ids.length,
      pagination: false,
      overrideAccess: true,
    });
    const size = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);
    for (const doc of res.docs as Array<{ id: unknown; alt?: unknown; width?: unknown; height?: unknown }>) {
      images.set(String(doc.id), {
        alt: typeof doc.alt === 'string' ? doc.alt : '',
        width: size(doc.width),
        height: size(doc.height),
      });
    }
  }
  return bodies.map((body) =>
    isRichTextValue(body) ? mapRichTextNodes(body, (node) => publicNode(node, images)) : null,
  );
}

function publicNode(node: RichTextNode, images: BodyImages): RichTextNode | null {
  if (node.type === 'upload') {
    const id = node.relationTo === 'assets' ? relationId(node.value) : null;
    const image = id ? images.get(id) : undefined;
    if (!id || !image) return null;
    const value: ImageRef = { id };
    return {
      type: 'upload',
      version: node.version,
      format: typeof node.format === 'string' ? node.format : '',
      relationTo: 'assets',
      value,
      fields: { alt: image.alt, width: image.width, height: image.height },
    };
  }
  if (node.type === 'link' || node.type === 'autolink') {
    const fields = (node.fields ?? {}) as Record<string, unknown>;
    if (fields.linkType !== 'internal') return node;
    const doc = (fields.doc ?? {}) as { relationTo?: unknown; value?: unknown };
    const id = relationId(doc.value);
    const relationTo = typeof doc.relationTo === 'string' ? doc.relationTo : '';
    // A link to something the storefront cannot show keeps its text; the reader sees no link.
    const target = id && LINKABLE_COLLECTIONS.has(relationTo) ? { relationTo, value: id } : null;
    return { ...node, fields: { linkType: 'internal', newTab: fields.newTab === true, doc: target } };
  }
  return node;
}
