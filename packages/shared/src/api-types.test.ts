import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cartItemSchema,
  cartSchema,
  cartShowQuerySchema,
  contactSchema,
  idSchema,
  listQuerySchema,
  normalizeOrderNumber,
  orderNumberSchema,
  paymentCaptureSchema,
  paymentCreateSchema,
  suggestionsQuerySchema,
} from './api-types';

const refused = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success === false;
const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const UUID = '3f2b8c1e-9d4a-4e6b-8f1a-2c3d4e5f6a7b';

describe('contactSchema', () => {
  const contact = (over: Record<string, unknown> = {}) => ({
    firstname: 'Ann',
    lastname: 'Rossi',
    email: 'ann@example.com',
    telephone: '+39 (055) 123-45.67',
    title: 'Gift boxes',
    message: 'Do you ship gift boxes to Canada?',
    ...over,
  });

  it('when every field is filled in, then it is taken with surrounding spaces trimmed', () => {
    expect(
      contactSchema.parse(contact({ firstname: '  Ann ', email: ' ann@example.com ', telephone: ' 055 1234 ' })),
    ).toEqual(contact({ telephone: '055 1234' }));
  });
  it('when the telephone is empty or left out, then it is stored as null', () => {
    expect(contactSchema.parse(contact({ telephone: '' })).telephone).toBeNull();
    expect(contactSchema.parse(contact({ telephone: null })).telephone).toBeNull();
    expect(contactSchema.parse(contact({ telephone: undefined })).telephone).toBeNull();
  });
  it('when the telephone has letters or other signs, then it is refused with the allowed characters named', () => {
    for (const bad of ['call me', 'a055', '055a', '055#1', '+39/055']) {
      expect(refused(contactSchema, contact({ telephone: bad })), bad).toBe(true);
    }
    expect(messageOf(contactSchema, contact({ telephone: '055a' }))).toBe(
      'Only digits, spaces and + ( ) . - are allowed',
    );
  });
  it('when the telephone is longer than 40 characters, then it is refused', () => {
    expect(contactSchema.parse(contact({ telephone: '1'.repeat(40) })).telephone).toBe('1'.repeat(40));
    expect(refused(contactSchema, contact({ telephone: '1'.repeat(41) }))).toBe(true);
  });
  it('when a required text is empty, blank or too long, then it is refused', () => {
    expect(refused(contactSchema, contact({ firstname: '' }))).toBe(true);
    expect(refused(contactSchema, contact({ lastname: '   ' }))).toBe(true);
    expect(contactSchema.parse(contact({ firstname: 'A'.repeat(100) })).firstname).toBe('A'.repeat(100));
    expect(refused(contactSchema, contact({ firstname: 'A'.repeat(101) }))).toBe(true);
    expect(contactSchema.parse(contact({ title: 'T'.repeat(200) })).title).toBe('T'.repeat(200));
    expect(refused(contactSchema, contact({ title: 'T'.repeat(201) }))).toBe(true);
    expect(contactSchema.parse(contact({ message: 'M'.repeat(5000) })).message).toBe('M'.repeat(5000));
    expect(refused(contactSchema, contact({ message: 'M'.repeat(5001) }))).toBe(true);
  });
  it('when the email is not an address or longer than 200 characters, then it is refused', () => {
    expect(refused(contactSchema, contact({ email: 'ann.example.com' }))).toBe(true);
    // 4 + 4 × 61 + 8 = 256 characters, every label within the limits of a valid domain name.
    const long = `ann@${`${'a'.repeat(60)}.`.repeat(4)}example`;
    expect(refused(contactSchema, contact({ email: long }))).toBe(true);
  });
  it('when a field is not a string or an unknown field is sent, then it is refused', () => {
    expect(refused(contactSchema, contact({ email: { $ne: null } }))).toBe(true);
    expect(refused(contactSchema, contact({ admin: true }))).toBe(true);
  });
});

describe('list and suggestion queries', () => {
  it('when search, page and limit are within bounds, then they are taken (page and limit as numbers)', () => {
    expect(listQuerySchema.parse({ search: 'oil', page: '2', limit: '100' })).toEqual({
      search: 'oil',
      page: 2,
      limit: 100,
    });
    expect(suggestionsQuerySchema.parse({ search: 's'.repeat(100) })).toEqual({ search: 's'.repeat(100) });
  });
  it('when the search is over 100 characters, the limit over 100 or a key is unknown, then it is refused', () => {
    expect(refused(listQuerySchema, { search: 's'.repeat(101) })).toBe(true);
    expect(refused(listQuerySchema, { limit: '101' })).toBe(true);
    expect(refused(listQuerySchema, { sort: 'price' })).toBe(true);
    expect(refused(suggestionsQuerySchema, { search: 's'.repeat(101) })).toBe(true);
    expect(refused(suggestionsQuerySchema, { page: '1' })).toBe(true);
  });
});

describe('idSchema', () => {
  it('when the id is a uuid, an ObjectId or one character, then it is taken', () => {
    for (const id of [UUID, '65a1f0c2e4b0a1b2c3d4e5f6', 'x']) expect(idSchema.parse(id)).toBe(id);
    expect(idSchema.parse('a'.repeat(64))).toBe('a'.repeat(64));
  });
  it('when the id is empty, too long or has other characters anywhere, then it is refused as an invalid id', () => {
    for (const bad of ['', 'a'.repeat(65), '../etc', 'abc/..', 'a b', 'ab%00']) {
      expect(refused(idSchema, bad), bad).toBe(true);
    }
    expect(messageOf(idSchema, '../etc')).toBe('Invalid id');
  });
});

describe('cart schemas', () => {
  it('when the cart query names no products, then the list is empty', () => {
    expect(cartShowQuerySchema.parse({})).toEqual({ products: [] });
  });
  it('when the cart query names up to 100 products, then they are taken; 101 are refused', () => {
    expect(cartShowQuerySchema.parse({ products: [UUID] })).toEqual({ products: [UUID] });
    expect(cartShowQuerySchema.parse({ products: Array(100).fill(UUID) }).products).toHaveLength(100);
    expect(refused(cartShowQuerySchema, { products: Array(101).fill(UUID) })).toBe(true);
  });
  it('when a quantity is a whole number from 1 to 999, then it is taken', () => {
    expect([1, 2, 999].map((quantity) => cartItemSchema.parse({ id: UUID, quantity }).quantity)).toEqual([1, 2, 999]);
  });
  it('when a quantity is 0, 1000, a fraction or text, then it is refused', () => {
    for (const quantity of [0, 1000, 1.5, '2']) expect(refused(cartItemSchema, { id: UUID, quantity })).toBe(true);
  });
  it('when a cart holds up to 100 lines, then it is taken; 101 are refused', () => {
    expect(cartSchema.parse([{ id: UUID, quantity: 1 }])).toHaveLength(1);
    expect(cartSchema.parse(Array(100).fill({ id: UUID, quantity: 1 }))).toHaveLength(100);
    expect(refused(cartSchema, Array(101).fill({ id: UUID, quantity: 1 }))).toBe(true);
  });
});

describe('order numbers', () => {
  it('when a number is typed with lower case, spaces or dashes, then it is read in capitals without them', () => {
    expect(normalizeOrderNumber(' ab-cd 12\t34 ')).toBe('ABCD1234');
    expect(orderNumberSchema.parse('abcd-2345')).toBe('ABCD2345');
  });
  it('when a number has 4 to 20 letters and digits, then it is taken', () => {
    expect(orderNumberSchema.parse('ABCD')).toBe('ABCD');
    expect(orderNumberSchema.parse('A'.repeat(20))).toBe('A'.repeat(20));
    // 41 characters are too long to read even when only four of them count.
    expect(orderNumberSchema.parse(`ABCD${'-'.repeat(36)}`)).toBe('ABCD');
    expect(refused(orderNumberSchema, `ABCD${'-'.repeat(37)}`)).toBe(true);
  });
  it('when a number is shorter than 4, longer than 20 or holds other signs, then it is refused as invalid', () => {
    for (const bad of ['ABC', 'A'.repeat(21), 'ABCD!', '!ABCD', 'AB.CD']) {
      expect(refused(orderNumberSchema, bad), bad).toBe(true);
    }
    expect(messageOf(orderNumberSchema, 'ABC')).toBe('Invalid order number');
  });
});

describe('payment schemas', () => {
  const line = { id: UUID, quantity: 1 };

  it('when a payment is created for 1 to 100 lines, then it is taken, with or without a null coupon', () => {
    expect(paymentCreateSchema.parse({ products: [line] })).toEqual({ products: [line], coupon_code: null });
    expect(paymentCreateSchema.parse({ products: [line, line], coupon_code: null }).products).toHaveLength(2);
    expect(paymentCreateSchema.parse({ products: Array(100).fill(line) }).products).toHaveLength(100);
  });
  it('when a payment carries a discount code, then it is taken trimmed, and an empty one counts as none', () => {
    expect(paymentCreateSchema.parse({ products: [line], coupon_code: ' summer10 ' }).coupon_code).toBe('summer10');
    expect(paymentCreateSchema.parse({ products: [line], coupon_code: '' }).coupon_code).toBe(null);
    // Issue 32 §4: a market day to collect the order at, by its id; absent or null, the order is shipped.
    expect(paymentCreateSchema.parse({ products: [line], pickup_day_id: 'day-1' }).pickup_day_id).toBe('day-1');
    expect(paymentCreateSchema.parse({ products: [line], pickup_day_id: null }).pickup_day_id).toBe(null);
    expect(paymentCreateSchema.safeParse({ products: [line], pickup_day_id: 'no day!' }).success).toBe(false);
  });
  it('when a payment is created for no lines, 101 lines or with a code of 65 characters, then it is refused', () => {
    expect(refused(paymentCreateSchema, { products: [] })).toBe(true);
    expect(refused(paymentCreateSchema, { products: Array(101).fill(line) })).toBe(true);
    expect(refused(paymentCreateSchema, { products: [line], coupon_code: 'X'.repeat(65) })).toBe(true);
    expect(refused(paymentCreateSchema, { products: [line], total: 0 })).toBe(true);
  });

  const secret = 'Sx9_k-2mQ7vLp0aB';
  it('when a capture brings a PayPal order id of 6 to 64 characters and the secret, then it is taken', () => {
    const capture = { orderId: '5O190127TN364715T', id: '5O190127TN364715T', status: 'CREATED', secret };
    expect(paymentCaptureSchema.parse(capture)).toEqual(capture);
    expect(paymentCaptureSchema.parse({ orderId: 'ABCDEF', secret }).orderId).toBe('ABCDEF');
    expect(paymentCaptureSchema.parse({ orderId: 'A'.repeat(64), secret }).orderId).toBe('A'.repeat(64));
  });
  it('when the PayPal order id is short, long or has other characters, then it is refused as invalid', () => {
    for (const orderId of ['ABCDE', 'A'.repeat(65), '!ABCDEF', 'ABCDEF!', 'ABC DEF']) {
      expect(refused(paymentCaptureSchema, { orderId, secret }), orderId).toBe(true);
    }
    expect(messageOf(paymentCaptureSchema, { orderId: 'ABCDE', secret })).toBe('Invalid PayPal order id');
  });
  it('when the stored id or status is longer than its limit, then the capture is refused', () => {
    expect(paymentCaptureSchema.parse({ orderId: 'ABCDEF', id: 'a'.repeat(64), secret }).id).toBe('a'.repeat(64));
    expect(refused(paymentCaptureSchema, { orderId: 'ABCDEF', id: 'a'.repeat(65), secret })).toBe(true);
    expect(paymentCaptureSchema.parse({ orderId: 'ABCDEF', status: 'S'.repeat(20), secret }).status).toBe(
      'S'.repeat(20),
    );
    expect(refused(paymentCaptureSchema, { orderId: 'ABCDEF', status: 'S'.repeat(21), secret })).toBe(true);
  });
  it('when the secret is missing, shorter than 16, longer than 128 or has other characters, then it is refused', () => {
    expect(paymentCaptureSchema.parse({ orderId: 'ABCDEF', secret: 's'.repeat(128) }).secret).toBe('s'.repeat(128));
    for (const bad of [undefined, 's'.repeat(15), 's'.repeat(129), `${secret}!`, `!${secret}`, `${secret} x`]) {
      expect(refused(paymentCaptureSchema, { orderId: 'ABCDEF', secret: bad }), String(bad)).toBe(true);
    }
    expect(messageOf(paymentCaptureSchema, { orderId: 'ABCDEF', secret: 'short' })).toBe('Invalid payment secret');
  });
});
