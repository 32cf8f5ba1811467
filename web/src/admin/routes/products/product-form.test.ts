import { type AdminProduct, productInputSchema } from '@shop/shared/admin';
import { describe, expect, it } from 'vitest';
import {
  discountUnitOptions,
  draftFromProduct,
  newProductDraft,
  type ProductDraft,
  quantityUnitOptions,
  storedDiscountUnit,
  toProductInput,
  validateProduct,
} from './product-form';

const draft = (changes: Partial<ProductDraft> = {}): ProductDraft => ({
  ...newProductDraft(),
  name: 'Olive oil',
  price: 8.9,
  categories: ['cat-1'],
  ...changes,
});

const product = (changes: Partial<AdminProduct> = {}): AdminProduct => ({
  id: 'p-1',
  name: 'Aceto balsamico',
  description: 'Aged twelve years',
  price: 24.5,
  stars: 5,
  img: { id: 'img-9' },
  img_id: 'img-9',
  categories: [
    { id: 'cat-1', name: 'Vinegars' },
    { id: 'cat-2', name: 'Gifts' },
  ],
  inventory_stock: false,
  quantity_amount: 250,
  quantity_unit: 'Ml',
  published: true,
  apply_discount: true,
  discount_unit: 'CASH',
  discount_amount: 3,
  apply_shipping: false,
  updated_at: '2025-01-02T10:00:00.000Z',
  stock_left: null,
  publish_at: '2025-06-01T08:00:00.000Z',
  created_at: '2025-01-01T10:00:00.000Z',
  stock_quantity: null,
  low_stock_threshold: null,
  ...changes,
});

describe('newProductDraft', () => {
  it('when a product is added, then the form starts on SPEC §4 defaults', () => {
    expect(newProductDraft()).toEqual({
      name: '',
      description: '',
      price: 0,
      categories: [],
      img_id: null,
      quantity_amount: 0,
      quantity_unit: 'Ml',
      discount_amount: 0,
      discount_unit: '%',
      apply_discount: false,
      apply_shipping: true,
      inventory_stock: true,
      stock_quantity: null,
      low_stock_threshold: null,
      published: true,
      publish_at: null,
    });
  });
});

describe('stock counts', () => {
  it('when a product counting 7 with a threshold of 2 is edited and saved, then the body keeps the threshold and leaves the count out', () => {
    const loaded = draftFromProduct(product({ stock_quantity: 7, low_stock_threshold: 2 }), 'EUR');
    const body = toProductInput(loaded, 'EUR');
    expect(body.low_stock_threshold).toBe(2);
    expect('stock_quantity' in body).toBe(false);
  });

  it('when a new product starts with 12 units, then the body sends 12', () => {
    expect(toProductInput(draft({ stock_quantity: 12 }), 'EUR').stock_quantity).toBe(12);
  });

  it('when the count is 2.5, then the form refuses it on the count', () => {
    const checked = validateProduct(draft({ stock_quantity: 2.5 }), 'EUR');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.stock_quantity).toBe('A whole number');
  });
});

describe('draftFromProduct', () => {
  it('when a product has a cash discount, then the form shows the shop currency as its unit', () => {
    const loaded = draftFromProduct(product(), 'EUR');
    expect(loaded.discount_unit).toBe('EUR');
    expect(loaded.categories).toEqual(['cat-1', 'cat-2']);
    expect(loaded.img_id).toBe('img-9');
    expect(loaded.inventory_stock).toBe(false);
    expect(loaded.publish_at).toBe('2025-06-01T08:00:00.000Z');
  });

  it('when a product has a percent discount, then the unit stays %', () => {
    expect(draftFromProduct(product({ discount_unit: '%' }), 'USD').discount_unit).toBe('%');
  });
});

describe('unit choices', () => {
  it('when the config lists % and CASH, then the discount choices are % and the currency code', () => {
    expect(discountUnitOptions([{ value: '%' }, { value: 'CASH' }], 'USD')).toEqual([
      { value: '%', label: '%' },
      { value: 'USD', label: 'USD' },
    ]);
  });

  it('when the config lists no discount unit, then % and the currency code are offered', () => {
    expect(discountUnitOptions([], 'EUR').map((option) => option.value)).toEqual(['%', 'EUR']);
  });

  it('when the config lists quantity units, then the ones the server accepts are offered in that order', () => {
    expect(quantityUnitOptions([{ value: 'L' }, { value: 'Bogus' }, { value: 'Ml' }, { value: 'L' }])).toEqual([
      { value: 'L', label: 'L' },
      { value: 'Ml', label: 'Ml' },
    ]);
  });

  it('when the config lists no quantity unit, then all seven units are offered', () => {
    expect(quantityUnitOptions(undefined).map((option) => option.value)).toEqual([
      'Ml',
      'L',
      'Oz',
      'g',
      'Kg',
      'Lb',
      'Pcs',
    ]);
  });

  it('when the currency code is chosen, then the cash unit is stored; % stays %', () => {
    expect(storedDiscountUnit('USD', 'USD')).toBe('CASH');
    expect(storedDiscountUnit('%', 'USD')).toBe('%');
  });
});

describe('toProductInput', () => {
  it('when amounts and units are emptied, then amounts go as 0 and the schema stores % and Oz', () => {
    const input = toProductInput(
      draft({ quantity_amount: null, quantity_unit: '', discount_amount: null, discount_unit: '' }),
      'USD',
    );
    expect(input.quantity_amount).toBe(0);
    expect(input.discount_amount).toBe(0);
    const stored = productInputSchema.parse(input);
    expect(stored.quantity_unit).toBe('Oz');
    expect(stored.discount_unit).toBe('%');
  });

  it('when a 2 USD discount is set on a 9.99 product, then the body says 2 CASH', () => {
    const input = toProductInput(draft({ price: 9.99, discount_amount: 2, discount_unit: 'USD' }), 'USD');
    expect(input).toMatchObject({ price: 9.99, discount_amount: 2, discount_unit: 'CASH' });
  });

  it('when a scheduled product is unpublished, then no publish time is sent', () => {
    const at = '2030-01-01T09:00:00.000Z';
    expect(toProductInput(draft({ published: true, publish_at: at }), 'USD').publish_at).toBe(at);
    expect(toProductInput(draft({ published: false, publish_at: at }), 'USD').publish_at).toBeNull();
  });
});

describe('validateProduct', () => {
  it('when the defaults get a name and a category, then the product is valid', () => {
    const checked = validateProduct(draft(), 'USD');
    expect(checked.ok).toBe(true);
  });

  it("when a published product is left at the new form's $0.00, then the price says so; a draft may wait for one", () => {
    expect(validateProduct(draft({ price: 0 }), 'USD')).toEqual({
      ok: false,
      errors: { price: 'A published product needs a price above zero' },
    });
    expect(validateProduct(draft({ price: 0, published: false }), 'USD').ok).toBe(true);
  });

  it('when name, price and categories are missing, then each of the three fields says so', () => {
    const checked = validateProduct(draft({ name: '   ', price: null, categories: [] }), 'USD');
    expect(checked).toEqual({
      ok: false,
      errors: { name: 'Required', price: 'Enter a price', categories: 'Choose at least one category' },
    });
  });

  it('when a percent discount is above 100, then the discount amount is refused', () => {
    const checked = validateProduct(draft({ price: 10, discount_amount: 101, discount_unit: '%' }), 'USD');
    expect(checked).toEqual({
      ok: false,
      errors: { discount_amount: 'A percentage discount cannot exceed 100' },
    });
  });

  it('when a cash discount is above the price, then the discount amount is refused, and equal passes', () => {
    expect(validateProduct(draft({ price: 10, discount_amount: 10.01, discount_unit: 'USD' }), 'USD')).toEqual({
      ok: false,
      errors: { discount_amount: 'The discount cannot exceed the price' },
    });
    expect(validateProduct(draft({ price: 10, discount_amount: 10, discount_unit: 'USD' }), 'USD').ok).toBe(true);
  });

  it('when the publish time is not an ISO date-time, then the publish field is named', () => {
    expect(validateProduct(draft({ publish_at: 'tomorrow' }), 'USD')).toEqual({
      ok: false,
      errors: { publish_at: 'Choose a valid date and time' },
    });
  });
});
