import type { AdminConfig } from '@shop/shared/admin';
import { describe, expect, it } from 'vitest';
import {
  categoryOptions,
  draftFromConfig,
  settingsChanged,
  type SettingsDraft,
  tabOfField,
  toConfigInput,
  validateSettings,
} from './settings-form';

const config = (): AdminConfig => ({
  shop: {
    categories_order: ['cat-oil', 'cat-pasta'],
    currency_code: 'USD',
    shipment_amount: 9.9,
    shipment_method: 'UPS Ground',
    admin_email: 'shop@bottega.example',
    shop_name: 'Bottega di Famiglia',
    shop_address: '1 Olive Row\nLucca',
    tracking_url_template: '',
    payment_method: ['paypal', 'card'],
    payment_country: ['US'],
  },
  paypal_env: 'development',
  constants: { quantity_units: [{ value: 'Ml' }], discount_units: [{ value: '%' }] },
});

const draft = (overrides: Partial<SettingsDraft> = {}): SettingsDraft => ({
  categories_order: ['cat-oil', 'cat-pasta'],
  shipment_amount: 9.9,
  shipment_method: 'UPS Ground',
  admin_email: 'shop@bottega.example',
  shop_name: 'Bottega di Famiglia',
  shop_address: '1 Olive Row\nLucca',
  tracking_url_template: '',
  ...overrides,
});

describe('draftFromConfig', () => {
  it('when settings load, then the form holds their editable values', () => {
    expect(draftFromConfig(config())).toEqual(draft());
  });

  it('when the form reorders categories, then the loaded settings are not changed with it', () => {
    const loaded = config();
    draftFromConfig(loaded).categories_order.reverse();
    expect(loaded.shop.categories_order).toEqual(['cat-oil', 'cat-pasta']);
  });
});

describe('settingsChanged', () => {
  it('when nothing was edited, then there is nothing to save', () => {
    expect(settingsChanged(draft(), draft())).toBe(false);
  });

  it('when the address differs only by spaces and blank lines, then there is nothing to save', () => {
    expect(settingsChanged(draft(), draft({ shop_address: ' 1 Olive Row\n\nLucca  \n' }))).toBe(false);
    expect(settingsChanged(draft(), draft({ shop_address: '1 Olive Row\nPisa' }))).toBe(true);
  });

  it('when only the category order differs, then there is something to save', () => {
    expect(settingsChanged(draft(), draft({ categories_order: ['cat-pasta', 'cat-oil'] }))).toBe(true);
  });

  it('when a category is added or removed, then there is something to save', () => {
    expect(settingsChanged(draft(), draft({ categories_order: ['cat-oil', 'cat-pasta', 'cat-wine'] }))).toBe(true);
    expect(settingsChanged(draft(), draft({ categories_order: ['cat-oil'] }))).toBe(true);
  });

  it('when the fee differs by a cent, then there is something to save', () => {
    expect(settingsChanged(draft(), draft({ shipment_amount: 9.91 }))).toBe(true);
  });

  it('when the fee is the same amount written differently, then there is nothing to save', () => {
    expect(settingsChanged(draft({ shipment_amount: 9.9 }), draft({ shipment_amount: 9.9000000001 }))).toBe(false);
  });

  it('when the fee box was emptied, then there is something to save', () => {
    expect(settingsChanged(draft(), draft({ shipment_amount: null }))).toBe(true);
  });

  it('when a text only gained surrounding spaces, then there is nothing to save', () => {
    expect(
      settingsChanged(draft(), draft({ shipment_method: ' UPS Ground  ', admin_email: 'shop@bottega.example ' })),
    ).toBe(false);
  });

  it('when the shipment method or admin email differ, then there is something to save', () => {
    expect(settingsChanged(draft(), draft({ shipment_method: 'FedEx' }))).toBe(true);
    expect(settingsChanged(draft(), draft({ admin_email: 'owner@bottega.example' }))).toBe(true);
  });
});

describe('toConfigInput and validateSettings', () => {
  it('when the form is valid, then the body holds the edits and the read-only values as loaded', () => {
    const result = validateSettings(draft({ shipment_amount: 12.5, shipment_method: '  DHL ' }), config());
    expect(result).toEqual({
      ok: true,
      input: {
        categories_order: ['cat-oil', 'cat-pasta'],
        shipment_amount: 12.5,
        shipment_method: 'DHL',
        admin_email: 'shop@bottega.example',
        shop_name: 'Bottega di Famiglia',
        shop_address: '1 Olive Row\nLucca',
        tracking_url_template: '',
        currency_code: 'USD',
        payment_method: ['paypal', 'card'],
        payment_country: ['US'],
      },
    });
  });

  it('when the address is typed with blank lines and spaces, then the body holds its lines trimmed', () => {
    const result = validateSettings(draft({ shop_address: '  1 Olive Row \r\n\n  Lucca\n' }), config());
    expect(result.ok && result.input.shop_address).toBe('1 Olive Row\nLucca');
  });

  it('when the address has seven lines or the name is blank, then those two fields are refused', () => {
    expect(validateSettings(draft({ shop_address: 'a\nb\nc\nd\ne\nf\ng', shop_name: '  ' }), config())).toEqual({
      ok: false,
      errors: {
        shop_name: 'Enter the shop name (at most 120 characters)',
        shop_address: 'Use at most 6 lines of up to 80 characters',
      },
    });
  });

  it('when the tracking link is an https URL with {number}, then it is sent trimmed; otherwise it is refused on the Shop tab', () => {
    const ok = validateSettings(draft({ tracking_url_template: ' https://track.example.it/?n={number} ' }), config());
    expect(ok.ok && ok.input.tracking_url_template).toBe('https://track.example.it/?n={number}');
    for (const template of ['http://track.example.it/?n={number}', 'https://track.example.it/']) {
      expect(validateSettings(draft({ tracking_url_template: template }), config())).toEqual({
        ok: false,
        errors: { tracking_url_template: 'Enter an https:// link containing {number}, or leave it empty' },
      });
    }
    expect(tabOfField('tracking_url_template')).toBe('shop');
    expect(settingsChanged(draft(), draft({ tracking_url_template: 'https://t.example/{number}' }))).toBe(true);
  });

  it('when the admin email is not an address, then only that field is refused', () => {
    expect(validateSettings(draft({ admin_email: 'not-an-email' }), config())).toEqual({
      ok: false,
      errors: { admin_email: 'Enter a valid email address' },
    });
  });

  it('when the fee is empty or negative, then the fee is refused', () => {
    expect(validateSettings(draft({ shipment_amount: null }), config())).toEqual({
      ok: false,
      errors: { shipment_amount: 'Enter a fee between 0 and 10000' },
    });
    expect(validateSettings(draft({ shipment_amount: -1 }), config())).toEqual({
      ok: false,
      errors: { shipment_amount: 'Enter a fee between 0 and 10000' },
    });
  });

  it('when the order names a category that no longer exists, then the order is refused', () => {
    const categories = [
      { id: 'cat-oil', name: 'Olive oil', published: true },
      { id: 'cat-pasta', name: 'Pasta', published: true },
    ];
    expect(validateSettings(draft({ categories_order: ['cat-oil', 'cat-gone'] }), config(), categories)).toEqual({
      ok: false,
      errors: { categories_order: 'Remove the categories that no longer exist' },
    });
    expect(validateSettings(draft(), config(), categories).ok).toBe(true);
  });

  it('when the fee is 0, then it is accepted (free shipping)', () => {
    expect(validateSettings(draft({ shipment_amount: 0 }), config()).ok).toBe(true);
  });

  it('when the empty fee is turned into a body, then it is not a number the server would accept', () => {
    expect(toConfigInput(draft({ shipment_amount: null }), config()).shipment_amount).toBeNaN();
  });
});

describe('tabOfField', () => {
  it('when the admin email is refused, then the Other tab is the one to show', () => {
    expect(tabOfField('admin_email')).toBe('other');
    expect(tabOfField('shipment_amount')).toBe('shop');
    expect(tabOfField('shop_address')).toBe('other');
  });
});

describe('categoryOptions', () => {
  const categories = [
    { id: 'cat-oil', name: 'Olive oil', published: true },
    { id: 'cat-gift', name: 'Gift boxes', published: false },
  ];

  it('when every id in the order is a category, then the options are the categories', () => {
    expect(categoryOptions(categories, ['cat-oil'])).toEqual([
      { value: 'cat-oil', label: 'Olive oil' },
      { value: 'cat-gift', label: 'Gift boxes (not published)' },
    ]);
  });

  it('when the order holds a deleted category, then it stays as a removable option', () => {
    expect(categoryOptions(categories, ['cat-gone', 'cat-oil'])).toEqual([
      { value: 'cat-oil', label: 'Olive oil' },
      { value: 'cat-gift', label: 'Gift boxes (not published)' },
      { value: 'cat-gone', label: 'Removed category' },
    ]);
  });
});
