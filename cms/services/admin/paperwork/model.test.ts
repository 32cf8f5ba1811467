import type { AdminOrder } from '@shop/shared/admin';
import { describe, expect, it } from 'vitest';
import { NO_CATEGORY, pickListRows, toPaperOrder, UNCATEGORISED } from './model';
import { pdfText } from './pdf-text';

const line = (id: string, product: string, quantity: number, price = 10) => ({
  id,
  product,
  price,
  quantity,
  apply_discount: false,
  discount_unit: '%' as const,
  discount_amount: 0,
});

const order = (products: AdminOrder['products'], extra: Partial<AdminOrder> = {}): AdminOrder => ({
  id: 'o',
  number: 'N1',
  created_at: '2026-11-24T09:00:00.000Z',
  status: 'PROCESSING',
  payer_full_name: 'P',
  payer_email_address: 'p@example.com',
  shipment_full_name: 'P',
  shipment_amount: 7.9,
  shipment_method: 'USPS',
  shipment_address: {
    address_line_1: '1 Main St',
    address_line_2: null,
    admin_area_1: 'NY',
    admin_area_2: 'New York',
    postal_code: '10001',
    country_code: 'US',
  },
  transaction_id: 'T',
  transaction_status: 'COMPLETED',
  transaction_gross_amount: '',
  transaction_paypal_fee: '',
  transaction_net_amount: '',
  transaction_refunded_amount: '0.00',
  refund_state: 'NONE',
  refunds: [],
  refundable_amount: '0.00',
  currency_code: 'USD',
  coordinates: null,
  history: [],
  products,
  ...extra,
});

describe('pdfText', () => {
  it('when text is Latin-1 or a Windows-1252 extra, then it is kept as it is', () => {
    expect(pdfText('Caffè Ålborg naïve €5 — “ß” œ Š')).toBe('Caffè Ålborg naïve €5 — “ß” œ Š');
  });

  it('when a letter is outside the font, then its accent goes, a few are spelt, and the rest become "?"', () => {
    expect(pdfText('Łódź Żółć Đorđe ħ')).toBe('Lódz Zólc Dorde h');
    expect(pdfText('李 🍝 \u202e')).toBe('? ? ?');
    expect(pdfText('a\nb\tc')).toBe('a b c');
  });
});

describe('pickListRows', () => {
  const catalog = new Map([
    ['a', { name: 'Bucatini', categories: ['Pasta'] }],
    ['b', { name: 'Olio nuovo', categories: ['Oils', 'Gifts'] }],
    ['c', { name: 'Aceto', categories: ['Oils'] }],
    ['d', { name: 'Sale', categories: [] }],
  ]);

  it('when orders share products, then quantities add up per product, sorted by category then name', () => {
    const rows = pickListRows(
      [
        order([line('a', 'Bucatini', 2), line('b', 'Olio nuovo', 1)]),
        order([line('a', 'Bucatini', 3), line('c', 'Aceto', 4), line('x', 'Panettone', 2), line('d', 'Sale', 1)]),
      ],
      catalog,
    );
    // "Olio nuovo" is in Gifts and Oils: picked under Gifts, the first by name.
    expect(rows).toEqual([
      { category: 'Gifts', product: 'Olio nuovo', quantity: 1 },
      { category: 'Oils', product: 'Aceto', quantity: 4 },
      { category: 'Pasta', product: 'Bucatini', quantity: 5 },
      { category: UNCATEGORISED, product: 'Sale', quantity: 1 },
      { category: NO_CATEGORY, product: 'Panettone', quantity: 2 },
    ]);
  });
});

describe('toPaperOrder', () => {
  it('when a line has a cash discount, then the totals read as the order page reads them, top to bottom: items at full price, the sale savings, the fee, and the gross', () => {
    const paper = toPaperOrder(
      order(
        [
          { ...line('a', 'Bucatini', 3, 4.2), apply_discount: true, discount_unit: 'CASH', discount_amount: 0.5 },
          line('b', 'Olio', 1, 15),
        ],
        { transaction_gross_amount: '34.00' },
      ),
    );
    // Items at full price 3 × 4.20 + 15.00 = 27.60; sale savings 3 × 0.50 = 1.50; 27.60 − 1.50 + 7.90 = 34.00.
    expect(paper.totals).toEqual({
      rows: [
        { label: 'Items at full price', amount: '$27.60' },
        { label: 'Sale savings', amount: '-$1.50' },
        { label: 'Shipping', amount: '$7.90' },
        { label: 'Total', amount: '$34.00' },
      ],
      refunded: null,
      paidAfterRefunds: null,
    });
    expect(paper.lines[0]).toEqual({
      name: 'Bucatini',
      quantity: 3,
      unitPrice: '$4.20',
      discount: '$0.50',
      total: '$11.10',
    });
    expect(paper.shipTo).toEqual(['P', '1 Main St', 'New York, NY 10001', 'United States']);
  });
});

describe('toPaperOrder with refunds', () => {
  it('when 12.50 of a 32.90 order was refunded and another refund failed, then the invoice has one Refunded line of the completed one and what was paid in the end', () => {
    const paper = toPaperOrder(
      order([line('a', 'Olio', 2, 12.5)], {
        transaction_gross_amount: '32.90',
        transaction_refunded_amount: '12.50',
        refunds: [
          {
            id: 'r1',
            amount: '12.50',
            currency_code: 'USD',
            reason: 'Broken',
            status: 'COMPLETED',
            source: 'shop',
            created_at: '2026-11-25T10:00:00.000Z',
            paypal_refund_id: 'P1',
            by: 'Admin',
          },
          {
            id: 'r2',
            amount: '5.00',
            currency_code: 'USD',
            reason: 'Refused',
            status: 'FAILED',
            source: 'shop',
            created_at: '2026-11-25T11:00:00.000Z',
            paypal_refund_id: null,
            by: 'Admin',
          },
        ],
      }),
    );
    // 32.90 − 12.50 = 20.40; the failed 5.00 moved no money.
    expect(paper.totals.refunded).toBe('-$12.50');
    expect(paper.totals.paidAfterRefunds).toBe('$20.40');
  });
});

describe('toPaperOrder with a reversal', () => {
  it('when 12.50 of a 32.90 order was refunded and a card issuer took 5.00 back, then Refunded is the ledger’s 17.50 and 15.40 was paid in the end', () => {
    const paper = toPaperOrder(
      order([line('a', 'Olio', 2, 12.5)], {
        transaction_gross_amount: '32.90',
        transaction_refunded_amount: '12.50',
        transaction_reversed_amount: '5.00',
      }),
    );
    // Refunds and reversals together (ledger.ts): 12.50 + 5.00 = 17.50; 32.90 − 17.50 = 15.40.
    expect(paper.totals.refunded).toBe('-$17.50');
    expect(paper.totals.paidAfterRefunds).toBe('$15.40');
  });

  it('when a discount code took 2.50 off, then the invoice names the code and writes its saving with a hyphen Helvetica can print', () => {
    const paper = toPaperOrder(order([line('a', 'Olio', 2, 12.5)], { coupon_code: 'SPRING', coupon_discount: 2.5 }));
    // 2 × 12.50 = 25.00; 25.00 − 2.50 + 7.90 = 30.40 (no gross recorded: the lines' own total).
    expect(paper.totals.rows).toEqual([
      { label: 'Items', amount: '$25.00' },
      { label: 'Discount code SPRING', amount: '-$2.50' },
      { label: 'Shipping', amount: '$7.90' },
      { label: 'Total', amount: '$30.40' },
    ]);
  });
});

describe('toPaperOrder for the market (issue 32)', () => {
  it('when a stall sale of 2 × $10.00 and 1 × $5.00 was paid $22.50 in cash, then it was sold at the stall, paid in cash, with a Stall discount of -$2.50 and no shipping row', () => {
    const sale = order([line('a', 'Olio', 2), line('b', 'Pesto', 1, 5)], {
      status: 'COMPLETED',
      channel: 'market',
      payment_method: 'cash',
      shipment_amount: 0,
      shipment_method: '',
      transaction_id: '',
      transaction_gross_amount: '22.50',
    });
    const paper = toPaperOrder(sale);
    expect(paper.shipToTitle).toBe('Sold at');
    expect(paper.shipTo).toEqual(['The market stall']);
    expect(paper.paidWith).toBe('Paid in cash at the market stall');
    expect(paper.totals.rows).toEqual([
      { label: 'Items', amount: '$25.00' },
      { label: 'Stall discount', amount: '-$2.50' },
      { label: 'Total', amount: '$22.50' },
    ]);
    expect(toPaperOrder({ ...sale, payment_method: 'card' }).paidWith).toBe('Paid by card at the market stall');
  });

  it('when an online order is collected at a market day, then the paper names the day and place where the address would be, and shipping is $0.00 at the market', () => {
    const collected = order([line('a', 'Olio', 1, 12.5)], {
      pickup_day_id: 'd1',
      pickup: { id: 'd1', place: 'Piazza Grande', date: '2026-12-05', opens_at: '08:00', closes_at: '13:30' },
      shipment_amount: 0,
      shipment_method: 'Pick up at the market',
      transaction_gross_amount: '12.50',
    });
    const paper = toPaperOrder(collected);
    expect(paper.shipToTitle).toBe('Pick up at');
    expect(paper.shipTo).toEqual(['P', 'Piazza Grande', 'Saturday, December 5, 2026, 8:00 AM–1:30 PM']);
    expect(paper.paidWith).toBe('Paid with PayPal, transaction T');
    expect(paper.totals.rows).toEqual([
      { label: 'Items', amount: '$12.50' },
      { label: 'Shipping', amount: '$0.00' },
      { label: 'Total', amount: '$12.50' },
    ]);
  });
});
