import type { Field, Plugin } from 'payload';

/**
 * The /cms panel's label of a field named in snake_case (issue 31 §16). Payload makes a missing label from the
 * name by capitalising it only ("Inventory_stock"), so every field without a label of its own gets one here,
 * in the control centre's words where it has a form for the field.
 */
const NAMED: Record<string, string> = {
  inventory_stock: 'Item in stock',
  stock_quantity: 'Units in stock',
  low_stock_threshold: 'Low-stock threshold',
  publish_at: 'Publish at',
  img: 'Image',
  img_id: 'Image',
  min_subtotal: 'Minimum for the products',
  starts_at: 'Valid from',
  ends_at: 'Valid until',
  max_uses: 'Number of uses',
  uses_count: 'Times used',
  categories_order: 'Order of the categories',
};

/** Words written otherwise than in lower case wherever they stand. */
const WORDS: Record<string, string> = { id: 'ID', ids: 'IDs', paypal: 'PayPal', url: 'URL', uri: 'URI' };

/** "payer_full_name" → "Payer full name", "paypal_order_id" → "PayPal order ID". */
export function labelOfName(name: string): string {
  const named = NAMED[name];
  if (named) return named;
  const words = name
    .split('_')
    .filter(Boolean)
    .map((word, i) => WORDS[word.toLowerCase()] ?? (i === 0 ? word[0].toUpperCase() + word.slice(1) : word));
  return words.join(' ');
}

/** Fields with a label where Payload would make one from a snake_case name; nested fields too. */
export function withReadableLabels(fields: Field[]): Field[] {
  return fields.map((field) => {
    let next = field as Field & Record<string, unknown>;
    if ('name' in field && field.name.includes('_') && (field as { label?: unknown }).label === undefined) {
      next = { ...next, label: labelOfName(field.name) };
    }
    if ('fields' in next && Array.isArray(next.fields)) next = { ...next, fields: withReadableLabels(next.fields) };
    if (next.type === 'tabs' && 'tabs' in next) {
      next = { ...next, tabs: next.tabs.map((tab) => ({ ...tab, fields: withReadableLabels(tab.fields) })) };
    }
    if (next.type === 'blocks' && 'blocks' in next) {
      next = { ...next, blocks: next.blocks.map((block) => ({ ...block, fields: withReadableLabels(block.fields) })) };
    }
    return next as Field;
  });
}

/** Runs last among the plugins, so fields other plugins add are labelled too. */
export const readableFieldLabels: Plugin = (config) => ({
  ...config,
  collections: config.collections?.map((collection) => ({
    ...collection,
    fields: withReadableLabels(collection.fields),
  })),
  globals: config.globals?.map((global) => ({ ...global, fields: withReadableLabels(global.fields) })),
});
