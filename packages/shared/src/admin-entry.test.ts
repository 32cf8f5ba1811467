import { describe, expect, it } from 'vitest';

describe('@shop/shared/admin', () => {
  it('when the control centre’s entry loads, then it offers the storefront’s part and the three admin contracts', async () => {
    // Loaded inside the test, so that a contract that cannot be built fails here rather than before any test.
    const entry = await import('./admin');
    expect(typeof entry.formatMoney).toBe('function');
    expect(typeof entry.orderStatusOnOpen).toBe('function');
    expect(entry.openOrdersQuerySchema.parse({ status: 'NEW', page: '1' })).toEqual({ status: ['NEW'], page: 1 });
    expect(entry.notificationsQuerySchema.parse({ status: 'new', limit: '5' })).toEqual({ status: ['new'], limit: 5 });
    expect(entry.productInputSchema.parse({ name: 'Olio', price: 1, categories: ['c1'] }).quantity_unit).toBe('Oz');
    // A plain id still means one of it (recipes carry a quantity per product since issue 23).
    expect(entry.recipeProductsInputSchema.parse({ products: ['p1'] })).toEqual({
      products: [{ id: 'p1', quantity: 1 }],
    });
  });
});
