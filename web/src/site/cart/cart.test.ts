import { cartItemSchema, cartSchema, type PublicProduct } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  buyableCount,
  cartCount,
  cartFromMirrorChange,
  isCart,
  isCartItem,
  MAX_LINES,
  parseCartMirror,
  parseStoredCart,
  removeItem,
  sameCart,
  serializeCart,
  serializeCartMirror,
  setQuantity,
  startingCart,
  unitsThatFit,
} from './cart';

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

// ---------------------------------------------------------------- the local-storage mirror

/** 2025-03-01T12:00:00Z, the "now" of the mirror tests. */
const NOW = 1_740_830_400_000;
const DAY = 86_400_000;

describe('serializeCartMirror', () => {
  it('when a cart is mirrored, then the record carries version 1, the save time and the lines', () => {
    expect(serializeCartMirror([{ id: 'a', quantity: 2 }], NOW)).toBe(
      '{"version":1,"savedAt":1740830400000,"items":[{"id":"a","quantity":2}]}',
    );
  });
});

describe('parseCartMirror', () => {
  it('when the record was written a moment ago, then its lines come back as they were', () => {
    const raw = '{"version":1,"savedAt":1740830399000,"items":[{"id":"a","quantity":2},{"id":"b-7","quantity":999}]}';
    expect(parseCartMirror(raw, NOW)).toEqual([
      { id: 'a', quantity: 2 },
      { id: 'b-7', quantity: 999 },
    ]);
  });

  it('when an empty cart was mirrored, then an empty cart comes back (not "nothing stored")', () => {
    expect(parseCartMirror('{"version":1,"savedAt":1740830400000,"items":[]}', NOW)).toEqual([]);
  });

  it('when nothing is stored or the text is not JSON, then there is no mirror', () => {
    expect(parseCartMirror(null, NOW)).toBeNull();
    expect(parseCartMirror('', NOW)).toBeNull();
    expect(parseCartMirror('{"version":1,"savedAt":', NOW)).toBeNull();
    expect(parseCartMirror('undefined', NOW)).toBeNull();
  });

  it('when the version is unknown or missing, then the record is ignored', () => {
    expect(parseCartMirror('{"version":2,"savedAt":1740830400000,"items":[{"id":"a","quantity":1}]}', NOW)).toBeNull();
    expect(
      parseCartMirror('{"version":"1","savedAt":1740830400000,"items":[{"id":"a","quantity":1}]}', NOW),
    ).toBeNull();
    expect(parseCartMirror('{"savedAt":1740830400000,"items":[{"id":"a","quantity":1}]}', NOW)).toBeNull();
  });

  it('when the record has the wrong shape, then it is ignored', () => {
    expect(parseCartMirror('[{"id":"a","quantity":1}]', NOW)).toBeNull();
    expect(parseCartMirror('null', NOW)).toBeNull();
    expect(parseCartMirror('7', NOW)).toBeNull();
    expect(parseCartMirror('{"version":1,"savedAt":1740830400000,"items":{"id":"a","quantity":1}}', NOW)).toBeNull();
    expect(parseCartMirror('{"version":1,"items":[{"id":"a","quantity":1}]}', NOW)).toBeNull();
    expect(parseCartMirror('{"version":1,"savedAt":"yesterday","items":[]}', NOW)).toBeNull();
  });

  it('when the record is older than 30 days, then it is ignored; at exactly 30 days it still counts', () => {
    const items = '"items":[{"id":"a","quantity":1}]';
    expect(parseCartMirror(`{"version":1,"savedAt":${NOW - 30 * DAY - 1},${items}}`, NOW)).toBeNull();
    expect(parseCartMirror(`{"version":1,"savedAt":${NOW - 30 * DAY},${items}}`, NOW)).toEqual([
      { id: 'a', quantity: 1 },
    ]);
  });

  it('when some lines are malformed or absurd, then only those lines are dropped', () => {
    const items = [
      { id: 'keep', quantity: 3 },
      { id: 'zero', quantity: 0 },
      { id: 'huge', quantity: 1000 },
      { id: 'billion', quantity: 1e9 },
      { id: 'half', quantity: 1.5 },
      { id: 'text', quantity: '2' },
      { id: '../etc/passwd', quantity: 1 },
      { id: 'extra', quantity: 1, price: 0 },
      { quantity: 1 },
      'a',
      null,
      { id: 'also-kept', quantity: 1 },
    ];
    expect(parseCartMirror(JSON.stringify({ version: 1, savedAt: NOW, items }), NOW)).toEqual([
      { id: 'keep', quantity: 3 },
      { id: 'also-kept', quantity: 1 },
    ]);
  });

  it('when an id repeats, then its first line is kept', () => {
    const raw = '{"version":1,"savedAt":1740830400000,"items":[{"id":"a","quantity":2},{"id":"a","quantity":5}]}';
    expect(parseCartMirror(raw, NOW)).toEqual([{ id: 'a', quantity: 2 }]);
  });

  it('when the record holds 150 lines, then the first 100 are kept', () => {
    const items = Array.from({ length: 150 }, (_, i) => ({ id: `p${i}`, quantity: 1 }));
    const parsed = parseCartMirror(JSON.stringify({ version: 1, savedAt: NOW, items }), NOW);
    expect(parsed).toHaveLength(100);
    expect(parsed?.[99]).toEqual({ id: 'p99', quantity: 1 });
  });
});

describe('startingCart', () => {
  const mirror = '{"version":1,"savedAt":1740830000000,"items":[{"id":"m","quantity":4}]}';

  it('when this tab already has a session cart, then it is kept and the mirror is not used', () => {
    expect(startingCart('[{"id":"s","quantity":1}]', mirror, NOW)).toEqual([{ id: 's', quantity: 1 }]);
  });

  it('when the session cart is missing, empty or unreadable, then the mirror restores the cart', () => {
    expect(startingCart(null, mirror, NOW)).toEqual([{ id: 'm', quantity: 4 }]);
    expect(startingCart('[]', mirror, NOW)).toEqual([{ id: 'm', quantity: 4 }]);
    expect(startingCart('{broken', mirror, NOW)).toEqual([{ id: 'm', quantity: 4 }]);
  });

  it('when neither holds a readable cart, then the cart starts empty', () => {
    expect(startingCart(null, null, NOW)).toEqual([]);
    expect(startingCart('{broken', '{"version":9,"savedAt":1740830000000,"items":[]}', NOW)).toEqual([]);
  });
});

describe('cartFromMirrorChange', () => {
  it('when another tab saved a cart, then this tab takes it', () => {
    expect(
      cartFromMirrorChange(
        'bottega.cart',
        '{"version":1,"savedAt":1740830400000,"items":[{"id":"a","quantity":6}]}',
        NOW,
      ),
    ).toEqual([{ id: 'a', quantity: 6 }]);
  });

  it('when another tab removed the mirror, then this tab empties its cart', () => {
    expect(cartFromMirrorChange('bottega.cart', null, NOW)).toEqual([]);
  });

  it('when the change is to another key, clears all local storage, or is unreadable, then it is ignored', () => {
    expect(cartFromMirrorChange('cart', '[{"id":"a","quantity":1}]', NOW)).toBeNull();
    expect(cartFromMirrorChange(null, null, NOW)).toBeNull();
    expect(cartFromMirrorChange('bottega.cart', 'not json', NOW)).toBeNull();
    expect(cartFromMirrorChange('bottega.cart', '{"version":2,"savedAt":1740830400000,"items":[]}', NOW)).toBeNull();
  });
});

describe('sameCart', () => {
  it('when ids, quantities and order match, then the carts are the same; otherwise not', () => {
    expect(sameCart([{ id: 'a', quantity: 1 }], [{ id: 'a', quantity: 1 }])).toBe(true);
    expect(sameCart([{ id: 'a', quantity: 1 }], [{ id: 'a', quantity: 2 }])).toBe(false);
    expect(sameCart([{ id: 'a', quantity: 1 }], [])).toBe(false);
    expect(
      sameCart(
        [
          { id: 'a', quantity: 1 },
          { id: 'b', quantity: 1 },
        ],
        [
          { id: 'b', quantity: 1 },
          { id: 'a', quantity: 1 },
        ],
      ),
    ).toBe(false);
  });
});

// ---------------------------------------------------------------- the badge

const product = (id: string, overrides: Partial<PublicProduct> = {}): PublicProduct => ({
  id,
  name: `Product ${id}`,
  description: '',
  price: 10,
  stars: 4,
  img: null,
  img_id: null,
  categories: [],
  inventory_stock: true,
  quantity_amount: 500,
  quantity_unit: 'Ml',
  published: true,
  apply_discount: false,
  discount_unit: '%',
  discount_amount: 0,
  apply_shipping: true,
  updated_at: '2025-01-01T00:00:00.000Z',
  stock_left: null,
  ...overrides,
});

describe('buyableCount', () => {
  const cart = [
    { id: 'ok', quantity: 2 },
    { id: 'sold-out', quantity: 3 },
    { id: 'hidden', quantity: 4 },
    { id: 'gone', quantity: 5 },
  ];
  const reply = [
    product('ok'),
    product('sold-out', { inventory_stock: false }),
    product('hidden', { published: false }),
  ];

  it('when the reply for this cart is in, then only published, in-stock lines count', () => {
    expect(buyableCount(cart, reply, true)).toBe(2);
  });

  it('when the reply is for an older list, then lines it does not know count until the new one arrives', () => {
    expect(buyableCount(cart, reply, false)).toBe(7);
  });

  it('when no reply has arrived yet, then every line counts', () => {
    expect(buyableCount(cart, undefined, false)).toBe(14);
  });

  it('when the cart is empty, then the count is 0', () => {
    expect(buyableCount([], reply, true)).toBe(0);
  });
});

describe('isCartItem and isCart', () => {
  // The storefront checks stored carts by hand to keep zod off its first screen; these cases hold the hand
  // check to the shared schemas the server validates with, value by value.
  const items: unknown[] = [
    { id: 'abc-123', quantity: 1 },
    { id: 'abc-123', quantity: 999 },
    { id: 'a'.repeat(64), quantity: 5 },
    { id: 'a'.repeat(65), quantity: 5 },
    { id: '', quantity: 1 },
    { id: 'has space', quantity: 1 },
    { id: 'ümlaut', quantity: 1 },
    { id: 'ok', quantity: 0 },
    { id: 'ok', quantity: 1000 },
    { id: 'ok', quantity: 1.5 },
    { id: 'ok', quantity: -1 },
    { id: 'ok', quantity: Number.NaN },
    { id: 'ok', quantity: Number.POSITIVE_INFINITY },
    { id: 'ok', quantity: '2' },
    { id: 7, quantity: 2 },
    { id: 'ok' },
    { quantity: 2 },
    { id: 'ok', quantity: 2, extra: true },
    { id: 'ok', quantity: 2, extra: undefined },
    ['ok', 2],
    null,
    'ok',
    3,
  ];

  it('when a value is checked as a cart line, then the verdict is the shared cartItemSchema’s', () => {
    for (const value of items) {
      expect(isCartItem(value), JSON.stringify(value) ?? String(value)).toBe(cartItemSchema.safeParse(value).success);
    }
  });

  it('when a value is checked as a cart, then the verdict is the shared cartSchema’s', () => {
    const line = { id: 'p1', quantity: 2 };
    const carts: unknown[] = [
      [],
      [line],
      Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, quantity: 1 })),
      Array.from({ length: 101 }, (_, i) => ({ id: `p${i}`, quantity: 1 })),
      [line, { id: 'p2', quantity: 0 }],
      [line, null],
      { 0: line, length: 1 },
      'p1',
      null,
    ];
    for (const value of carts) {
      expect(isCart(value), JSON.stringify(value)?.slice(0, 60)).toBe(cartSchema.safeParse(value).success);
    }
    // Literal verdicts too, so a schema change that loosens both at once cannot pass unnoticed.
    expect(carts.map(isCart)).toEqual([true, true, true, false, false, false, false, false, false]);
  });
});

describe('unitsThatFit', () => {
  it('when 2 are in the cart and 3 are left, then adding 1 fits whole and adding 2 fits as the 1 left', () => {
    const cart = [{ id: 'olio', quantity: 2 }];
    expect(unitsThatFit(cart, 'olio', 1, 3)).toBe(1);
    expect(unitsThatFit(cart, 'olio', 2, 3)).toBe(1);
  });

  it('when the cart already holds all 3 left, then nothing more fits', () => {
    expect(unitsThatFit([{ id: 'olio', quantity: 3 }], 'olio', 2, 3)).toBe(0);
  });

  it('when the product is not in the cart and 1 is left, then adding 1 fits', () => {
    expect(unitsThatFit([], 'olio', 1, 1)).toBe(1);
  });

  it('when no count is known, then any quantity fits', () => {
    expect(unitsThatFit([{ id: 'olio', quantity: 998 }], 'olio', 5, null)).toBe(5);
  });
});
