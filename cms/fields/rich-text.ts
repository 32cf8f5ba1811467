import {
  BoldFeature,
  FixedToolbarFeature,
  HeadingFeature,
  InlineToolbarFeature,
  ItalicFeature,
  LinkFeature,
  OrderedListFeature,
  ParagraphFeature,
  UnorderedListFeature,
  UploadFeature,
  lexicalEditor,
} from '@payloadcms/richtext-lexical';

/**
 * The one rich-text editor of the shop (recipes, changelog). Only what the storefront renders: headings,
 * bold, italic, lists, links and images from the assets collection. A smaller feature set keeps the stored
 * JSON to node types the storefront's converter knows, so nothing an editor writes is silently dropped.
 * Internal links may point at recipes and products; the storefront turns them into its own paths.
 */
export const richTextEditor = lexicalEditor({
  features: () => [
    ParagraphFeature(),
    HeadingFeature({ enabledHeadingSizes: ['h2', 'h3', 'h4'] }),
    BoldFeature(),
    ItalicFeature(),
    UnorderedListFeature(),
    OrderedListFeature(),
    LinkFeature({ enabledCollections: ['recipes', 'products'], maxDepth: 0 }),
    UploadFeature({ collections: { assets: { fields: [] } }, maxDepth: 1 }),
    FixedToolbarFeature(),
    InlineToolbarFeature(),
  ],
});
