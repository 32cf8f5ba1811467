import type { MarketDayTotals, MarketProduct, MarketSaleInput } from '@shop/shared/admin';
import { describe, expect, it } from 'vitest';
import {
  addToBasket,
  discountCents,
  parseAmount,
  retryDelayMs,
  runningTotals,
  saleFigures,
  saleInput,
  sendOutcome,
  setQuantity,
  unitsLeft,
  waitingText,
  type QueuedSale,
} from './stall-logic';

const oil: MarketProduct = { id: 'p-oil', name: 'Novello oil', price: 18.5, stock_left: 5, img_url: null };
const jam: MarketProduct = { id: 'p-jam', name: 'Fig jam', price: 6.25, stock_left: null, img_url: null };
const prices = new Map([
  [oil.id, oil.price],
  [jam.id, jam.price],
]);

const queued = (
  lines: MarketSaleInput['lines'],
  totalCents: number,
  payment: 'cash' | 'card',
  state: QueuedSale['state'] = 'waiting',
): QueuedSale => ({
  client_id: `c-${totalCents}-${payment}`,
  day_id: 'd1',
  seq: 1,
  input: { client_id: 'x', recorded_at: '2026-11-28T10:00:00.000Z', lines, payment },
  total_cents: totalCents,
  state,
  error: null,
  attempts: 0,
});

describe('the basket', () => {
  it('when a product is tapped twice and its stepper goes to 0, then it has 2 units, then it is gone', () => {
    let basket = addToBasket([], oil.id);
    basket = addToBasket(basket, jam.id);
    basket = addToBasket(basket, oil.id);
    expect(basket).toEqual([
      { product_id: 'p-oil', quantity: 2 },
      { product_id: 'p-jam', quantity: 1 },
    ]);
    expect(setQuantity(basket, oil.id, 0)).toEqual([{ product_id: 'p-jam', quantity: 1 }]);
    expect(setQuantity(basket, jam.id, 5000)).toEqual([
      { product_id: 'p-oil', quantity: 2 },
      { product_id: 'p-jam', quantity: 999 },
    ]);
  });
});

describe('a sale’s figures', () => {
  it('when 2 oils and 1 jam are paid with $50 cash after 10 %, then $43.25 less $4.33 is $38.92 and $11.08 back', () => {
    // 2 × 18.50 + 6.25 = 43.25; 10 % of 4325 cents = 432.5 → 433 (half a cent up); 4325 − 433 = 3892.
    const figures = saleFigures(
      [
        { product_id: oil.id, quantity: 2 },
        { product_id: jam.id, quantity: 1 },
      ],
      prices,
      { unit: '%', amount: 10 },
      'cash',
      50,
    );
    expect(figures).toEqual({
      subtotalCents: 4325,
      discountCents: 433,
      totalCents: 3892,
      changeCents: 1108,
      cashShortCents: 0,
    });
  });

  it('when cash off is more than the goods, then the sale is $0, and $20 cash for $37 is $17 short', () => {
    expect(discountCents(625, { unit: '$', amount: 10 })).toBe(625);
    const short = saleFigures([{ product_id: oil.id, quantity: 2 }], prices, undefined, 'cash', 20);
    expect(short.changeCents).toBeNull();
    expect(short.cashShortCents).toBe(1700);
    const card = saleFigures([{ product_id: oil.id, quantity: 2 }], prices, { unit: '$', amount: 2 }, 'card', 50);
    expect(card).toEqual({
      subtotalCents: 3700,
      discountCents: 200,
      totalCents: 3500,
      changeCents: null,
      cashShortCents: 0,
    });
  });

  it('when the body is made for a card sale with cash typed and blank email, then neither goes to the server', () => {
    const input = saleInput({
      clientId: '6f1c1a52-4e4e-4d8f-9a57-0c1f1f0e3b11',
      recordedAt: new Date('2026-11-28T09:30:00.000Z'),
      basket: [{ product_id: oil.id, quantity: 3 }],
      discount: undefined,
      payment: 'card',
      cashReceived: 60,
      receiptEmail: '  ',
    });
    expect(input).toEqual({
      client_id: '6f1c1a52-4e4e-4d8f-9a57-0c1f1f0e3b11',
      recorded_at: '2026-11-28T09:30:00.000Z',
      lines: [{ product_id: 'p-oil', quantity: 3 }],
      payment: 'card',
    });
  });

  it('when amounts are typed, then "12,5" is 12.5 and "-1", "1.234", "" are not amounts', () => {
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount(' 20 ')).toBe(20);
    expect(parseAmount('-1')).toBeUndefined();
    expect(parseAmount('1.234')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });
});

describe('what the phone shows of the day', () => {
  it('when 3 oils wait on the phone and 1 more is refused, then the tile shows 5 − 3 = 2 left; jam is not counted', () => {
    const sales = [
      queued([{ product_id: oil.id, quantity: 2 }], 3700, 'cash'),
      queued([{ product_id: oil.id, quantity: 1 }], 1850, 'card'),
      queued([{ product_id: oil.id, quantity: 1 }], 1850, 'card', 'failed'),
    ];
    expect(unitsLeft(oil, sales)).toBe(2);
    expect(unitsLeft(oil, sales, [{ product_id: oil.id, quantity: 4 }])).toBe(0);
    expect(unitsLeft(jam, sales)).toBeNull();
  });

  it('when the server has 5 sales ($92.75) and 2 wait on the phone, then 7 sales, $148.25, cash and card split', () => {
    const server: MarketDayTotals = {
      sales_count: 5,
      total: 92.75,
      cash_total: 60.5,
      card_total: 32.25,
      discount_total: 0,
      expected_cash: 110.5,
      counted_cash: null,
      difference: null,
      units: [],
    };
    const sales = [
      queued([{ product_id: oil.id, quantity: 2 }], 3700, 'cash'),
      queued([{ product_id: oil.id, quantity: 1 }], 1850, 'card'),
      queued([{ product_id: jam.id, quantity: 1 }], 625, 'card', 'failed'),
    ];
    // 92.75 + 37.00 + 18.50 = 148.25; cash 60.50 + 37.00 = 97.50; card 32.25 + 18.50 = 50.75.
    expect(runningTotals(server, sales)).toEqual({
      salesCount: 7,
      totalCents: 14825,
      cashCents: 9750,
      cardCents: 5075,
    });
    expect(waitingText(0)).toBe('All sales sent');
    expect(waitingText(1)).toBe('1 sale waiting to be sent');
    expect(waitingText(2)).toBe('2 sales waiting to be sent');
  });
});

describe('the server’s answer to a sale sent', () => {
  it('when it answers 201 or 200 (a resend), then sent; 401/403 sign in; 429, 5xx retry; 400/404/409 failed', () => {
    expect([201, 200].map(sendOutcome)).toEqual(['sent', 'sent']);
    expect([401, 403].map(sendOutcome)).toEqual(['signIn', 'signIn']);
    expect([429, 500, 503].map(sendOutcome)).toEqual(['retry', 'retry', 'retry']);
    expect([400, 404, 409].map(sendOutcome)).toEqual(['failed', 'failed', 'failed']);
  });

  it('when tries keep failing, then the waits are 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([1, 2, 3, 5, 6, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 16000, 30000, 30000]);
  });
});
