import { describe, expect, it } from 'vitest';
import { addItem, cartCount, MAX_LINES, parseStoredCart, removeItem, serializeCart, setQuantity } from './cart';

describe('addItem', () => {
  it('when the id is new, then a line is appended at the end', () => {
    expect(addItem([{ id: 'a', quantity: 1 }], 'b', 2)).toEqual([
      { id: 'a', quantity: 1 },
      { id: 'b', quantity: 2 },
    ]);
  });

  it('when the id is already in the cart, then its quantity grows and no line is added', () => {
    expect(
      addItem(
        [
          { id: 'a', quantity: 1 },
          { id: 'b', quantity: 1 },
        ],
        'a',
        3,
      ),
    ).toEqual([
      { id: 'a', quantity: 4 },
      { id: 'b', quantity: 1 },
    ]);
  });

  it('when no quantity is given, then one is added', () => {
    expect(addItem([], 'a')).toEqual([{ id: 'a', quantity: 1 }]);
  });

  it('when the quantity is below one or not whole, then it is brought to a whole number of at least one', () => {
    expect(addItem([], 'a', 0)).toEqual([{ id: 'a', quantity: 1 }]);
    expect(addItem([], 'a', 2.7)).toEqual([{ id: 'a', quantity: 2 }]);
  });

  it('when the sum would pass 999, then the quantity stops at 999', () => {
    expect(addItem([{ id: 'a', quantity: 998 }], 'a', 5)).toEqual([{ id: 'a', quantity: 999 }]);
  });

  it('when the cart already holds the maximum number of lines, then a new id is not added', () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => ({ id: `p${i}`, quantity: 1 }));
    expect(addItem(full, 'new')).toBe(full);
  });

  it('when adding, then the original cart is not mutated', () => {
    const cart = [{ id: 'a', quantity: 1 }];
    addItem(cart, 'a', 1);
    expect(cart).toEqual([{ id: 'a', quantity: 1 }]);
  });
});

describe('removeItem', () => {
  it('when the id is in the cart, then its line is dropped whatever the quantity', () => {
    expect(
      removeItem(
        [
          { id: 'a', quantity: 5 },
          { id: 'b', quantity: 1 },
        ],
        'a',
      ),
    ).toEqual([{ id: 'b', quantity: 1 }]);
  });

  it('when the id is not in the cart, then the cart stays the same', () => {
    expect(removeItem([{ id: 'a', quantity: 1 }], 'z')).toEqual([{ id: 'a', quantity: 1 }]);
  });
});

describe('setQuantity', () => {
  it('when a valid quantity is set, then the line takes it', () => {
    expect(setQuantity([{ id: 'a', quantity: 1 }], 'a', 7)).toEqual([{ id: 'a', quantity: 7 }]);
  });

  it('when the quantity drops below one, then the line is removed', () => {
    expect(setQuantity([{ id: 'a', quantity: 3 }], 'a', 0)).toEqual([]);
  });

  it('when the id is unknown, then nothing is added', () => {
    expect(setQuantity([{ id: 'a', quantity: 1 }], 'b', 4)).toEqual([{ id: 'a', quantity: 1 }]);
  });
});

describe('cartCount', () => {
  it('when lines have quantities, then the count is their sum', () => {
    expect(
      cartCount([
        { id: 'a', quantity: 2 },
        { id: 'b', quantity: 3 },
      ]),
    ).toBe(5);
    expect(cartCount([])).toBe(0);
  });
});

describe('parseStoredCart', () => {
  it('when the stored value is a valid cart, then it is read back', () => {
    const cart = [{ id: 'a-1', quantity: 2 }];
    expect(parseStoredCart(serializeCart(cart))).toEqual(cart);
  });

  it('when nothing is stored, then the cart is empty', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('')).toEqual([]);
  });

  it('when the stored value is not JSON, then it is discarded', () => {
    expect(parseStoredCart('{not json')).toEqual([]);
  });

  it('when the stored value fails the cart schema, then it is discarded whole', () => {
    expect(parseStoredCart(JSON.stringify({ id: 'a', quantity: 1 }))).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ id: 'a', quantity: 0 }]))).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ id: 'a', quantity: 1, extra: true }]))).toEqual([]);
    expect(
      parseStoredCart(
        JSON.stringify([
          { id: 'a', quantity: 1 },
          { id: 'b', quantity: '2' },
        ]),
      ),
    ).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ id: '../etc', quantity: 1 }]))).toEqual([]);
  });

  it('when the same id is stored twice, then the cart is discarded', () => {
    expect(
      parseStoredCart(
        JSON.stringify([
          { id: 'a', quantity: 1 },
          { id: 'a', quantity: 2 },
        ]),
      ),
    ).toEqual([]);
  });
});
