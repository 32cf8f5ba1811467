import type { Field } from 'payload';
import { describe, expect, it } from 'vitest';
import { labelOfName, withReadableLabels } from './field-labels';

/** Every named field's label, nested fields included, as "name: label". */
function labels(fields: Field[]): string[] {
  return fields.flatMap((field) => {
    const own = 'name' in field ? [`${field.name}: ${String((field as { label?: unknown }).label ?? field.name)}`] : [];
    const nested = 'fields' in field ? labels(field.fields) : [];
    return [...own, ...nested];
  });
}

describe('field labels of the /cms panel (issue 31 §16)', () => {
  it('when a field is named in snake_case, then it reads as words, in the control centre’s words where it has them', () => {
    expect(labelOfName('inventory_stock')).toBe('Item in stock');
    expect(labelOfName('stock_quantity')).toBe('Units in stock');
    expect(labelOfName('low_stock_threshold')).toBe('Low-stock threshold');
    expect(labelOfName('publish_at')).toBe('Publish at');
    expect(labelOfName('payer_full_name')).toBe('Payer full name');
    expect(labelOfName('paypal_order_id')).toBe('PayPal order ID');
  });

  it('when fields nest in groups, arrays, rows and tabs, then every snake_case name is labelled and own labels stay', () => {
    const fields: Field[] = [
      { name: 'stock_quantity', type: 'number' },
      { name: 'apply_shipping', type: 'checkbox', label: 'Ships' },
      { name: 'name', type: 'text' },
      {
        name: 'shipment_address',
        type: 'group',
        fields: [{ name: 'postal_code', type: 'text' }],
      },
      { name: 'status_history', type: 'array', fields: [{ name: 'changed_at', type: 'date' }] },
      { type: 'row', fields: [{ name: 'paypal_order_id', type: 'text' }] },
      {
        type: 'tabs',
        tabs: [{ label: 'Stock', fields: [{ name: 'low_stock_threshold', type: 'number' }] }],
      },
    ];
    const labelled = withReadableLabels(fields);
    expect(labels(labelled)).toEqual([
      'stock_quantity: Units in stock',
      'apply_shipping: Ships',
      'name: name',
      'shipment_address: Shipment address',
      'postal_code: Postal code',
      'status_history: Status history',
      'changed_at: Changed at',
      'paypal_order_id: PayPal order ID',
    ]);
    const tabs = labelled[6] as { tabs: { fields: Field[] }[] };
    expect(labels(tabs.tabs[0].fields)).toEqual(['low_stock_threshold: Low-stock threshold']);
  });
});
