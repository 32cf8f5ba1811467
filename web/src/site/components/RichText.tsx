// The one Payload import the SPA is meant to have (issue 11): the Lexical-to-JSX converter is browser code
// (React and a few constants, no server modules) and only ever loads in lazy chunks (recipe page, dashboard).
// eslint-disable-next-line no-restricted-imports
import { type JSXConvertersFunction, RichText } from '@payloadcms/richtext-lexical/react';
import { relationId, type RichTextValue } from '@shop/shared';
import { type ReactNode, useMemo } from 'react';
import { AssetImage } from './AssetImage';
import { linkTarget } from './rich-text-links';
import './rich-text.css';
import { siteOrigin } from '../../app/site-origin';

interface Props {
  value: RichTextValue | null | undefined;
  /** Alt text for an image whose asset has none (e.g. the recipe's name). */
  imageAlt?: string;
  className?: string;
  /** The origin links are judged from (another origin opens in a new tab); the page's own by default. */
  origin?: string;
}

type LinkFieldsNode = { fields?: unknown; children?: unknown[] };

function renderLink(node: LinkFieldsNode, children: ReactNode[], origin: string): ReactNode {
  const target = linkTarget(node.fields, origin);
  if (!target) return <>{children}</>;
  return (
    <a
      href={target.href}
      rel={target.newTab ? 'noopener noreferrer' : undefined}
      target={target.newTab ? '_blank' : undefined}
    >
      {children}
    </a>
  );
}

/**
 * A rich-text body (recipes, changelog) rendered as React by Payload's own Lexical-to-JSX converter. Images
 * are the shop's (served from /assets by the ImageRef the server put in the node), links go through
 * linkTarget (storefront paths for internal links, new tab and no opener for other origins, nothing for unsafe
 * schemes), and node types the editor does not offer render as nothing. No HTML string is injected anywhere.
 */
export function RichTextBody({ value, imageAlt = '', className, origin }: Props) {
  const pageOrigin = origin ?? siteOrigin();
  const converters = useMemo<JSXConvertersFunction>(
    () =>
      ({ defaultConverters }) => ({
        ...defaultConverters,
        link: ({ node, nodesToJSX }) => renderLink(node, nodesToJSX({ nodes: node.children }), pageOrigin),
        autolink: ({ node, nodesToJSX }) => renderLink(node, nodesToJSX({ nodes: node.children }), pageOrigin),
        upload: ({ node }) => {
          const id = relationId(node.value);
          if (!id) return null;
          const fields = (node.fields ?? {}) as { alt?: unknown; width?: unknown; height?: unknown };
          const alt = typeof fields.alt === 'string' && fields.alt.trim() ? fields.alt : imageAlt;
          const pixels = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);
          return (
            <figure className="rich-text-figure">
              <AssetImage
                id={id}
                alt={alt}
                size="full"
                className="rich-text-img"
                width={pixels(fields.width)}
                height={pixels(fields.height)}
              />
            </figure>
          );
        },
        unknown: () => null,
      }),
    [imageAlt, pageOrigin],
  );
  if (!value) return null;
  return (
    <RichText
      data={value as unknown as Parameters<typeof RichText>[0]['data']}
      converters={converters}
      className={className ? `rich-text ${className}` : 'rich-text'}
      disableIndent
      disableTextAlign
    />
  );
}

export default RichTextBody;
