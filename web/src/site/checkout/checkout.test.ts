import type { PublicConfig, PublicProduct } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  applicableCoupon,
  captureOutcome,
  captureWithRetries,
  cartRows,
  couponRefusalOf,
  createdPayment,
  fundingSources,
  isOnlinePaymentOff,
  payableLines,
  paymentItems,
  paypalScriptOptions,
  pickupRefusalOf,
  refusedIds,
  shortProduct,
} from './checkout';

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

const config = (paypal: Partial<PublicConfig['paypal']> = {}): PublicConfig => ({
  currency_code: 'USD',
  payment_method: ['paypal', 'card'],
  payment_country: ['US'],
  shipment_amount: 7.9,
  shipment_method: 'USPS Priority Mail',
  paypal: { client_id: 'emulator-client', sdk_base_url: '/__paypal/sdk/js', env: 'emulator', ...paypal },
});

describe('cartRows', () => {
  it('when every product comes back published and in stock, then every line can be paid for', () => {
    const rows = cartRows([{ id: 'a', quantity: 2 }], [product('a')]);
    expect(rows.map((row) => row.status)).toEqual(['ok']);
    expect(rows[0].product?.id).toBe('a');
  });

  it('when a product is missing from the reply, then its line is no longer available', () => {
    const rows = cartRows(
      [
        { id: 'a', quantity: 1 },
        { id: 'gone', quantity: 1 },
      ],
      [product('a')],
    );
    expect(rows.map((row) => [row.item.id, row.status])).toEqual([
      ['a', 'ok'],
      ['gone', 'missing'],
    ]);
    expect(rows[1].product).toBeNull();
  });

  it('when a product is unpublished, then its line is no longer available', () => {
    expect(cartRows([{ id: 'a', quantity: 1 }], [product('a', { published: false })])[0].status).toBe('missing');
  });

  it('when a product is out of stock, then its line is not available', () => {
    expect(cartRows([{ id: 'a', quantity: 1 }], [product('a', { inventory_stock: false })])[0].status).toBe(
      'outOfStock',
    );
  });

  it('when payments/create refused an id, then that line is not available even if the reply shows it in stock', () => {
    expect(cartRows([{ id: 'a', quantity: 1 }], [product('a')], new Set(['a']))[0].status).toBe('outOfStock');
  });

  it('when the cart has an order, then the rows keep it', () => {
    const rows = cartRows(
      [
        { id: 'b', quantity: 1 },
        { id: 'a', quantity: 1 },
      ],
      [product('a'), product('b')],
    );
    expect(rows.map((row) => row.item.id)).toEqual(['b', 'a']);
  });
});

describe('payableLines', () => {
  it('when some lines are unavailable, then only the payable ones are priced, with the cart quantity', () => {
    const rows = cartRows(
      [
        { id: 'a', quantity: 3 },
        { id: 'b', quantity: 1 },
        { id: 'c', quantity: 1 },
      ],
      [product('a', { price: 4 }), product('b', { inventory_stock: false })],
    );
    const lines = payableLines(rows);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ price: 4, quantity: 3, apply_shipping: true });
  });
});

describe('paymentItems', () => {
  it('when the cart is sent to payments/create, then only ids and quantities leave the browser', () => {
    const withExtra = [{ id: 'a', quantity: 2, price: 0.01 }] as unknown as { id: string; quantity: number }[];
    expect(paymentItems(withExtra)).toEqual([{ id: 'a', quantity: 2 }]);
  });
});

describe('createdPayment', () => {
  it('when payments/create answers 201 CREATED with an id, then that payment is kept', () => {
    expect(createdPayment({ status: 201, result: { status: 'CREATED', id: 'PAY-1' } })).toEqual({
      status: 'CREATED',
      id: 'PAY-1',
    });
  });

  it('when payments/create hands out a secret, then it is kept for the capture', () => {
    expect(
      createdPayment({ status: 201, result: { status: 'CREATED', id: 'PAY-2', secret: 'abcdefghijklmnopqrstuvwx' } }),
    ).toEqual({ status: 'CREATED', id: 'PAY-2', secret: 'abcdefghijklmnopqrstuvwx' });
  });

  it('when the reply is an error, lacks an id or has another status, then there is no payment', () => {
    expect(createdPayment({ status: 400, result: { message: 'x', unavailable: ['a'] } })).toBeNull();
    expect(createdPayment({ status: 201, result: { status: 'CREATED' } })).toBeNull();
    expect(createdPayment({ status: 201, result: { status: 'COMPLETED', id: 'x' } })).toBeNull();
    expect(createdPayment({ status: 500, result: null })).toBeNull();
  });
});

describe('refusedIds', () => {
  it('when payments/create answers 400 with unavailable ids, then those ids are returned', () => {
    expect(refusedIds({ status: 400, result: { message: 'Some products…', unavailable: ['a', 'b'] } })).toEqual([
      'a',
      'b',
    ]);
  });

  it('when the reply is another failure, then no ids are returned', () => {
    expect(refusedIds({ status: 400, result: [{ code: 'too_small' }] })).toEqual([]);
    expect(refusedIds({ status: 500, result: null })).toEqual([]);
    expect(refusedIds({ status: 400, result: { unavailable: 'a' } })).toEqual([]);
  });
});

describe('captureOutcome', () => {
  it('when capture answers 409 naming a sold-out product, then it is sold out with the server message', () => {
    const envelope = {
      status: 409,
      result: { message: 'Olio Nuovo has sold out', product: { id: 'p-1', name: 'Olio Nuovo', available: 0 } },
    };
    expect(captureOutcome(envelope)).toEqual({
      kind: 'soldOut',
      product: { id: 'p-1', message: 'Olio Nuovo has sold out', available: 0 },
    });
  });

  it('when capture answers 409 because the code was switched off, ended or raised its minimum since the payment was made, then the code is refused with the reason (the cart forgets it)', () => {
    for (const message of [
      'The discount code SPRING10 is not active',
      'The discount code SPRING10 expired on November 27th, 2026',
      'The discount code SPRING10 needs goods worth at least $1000.00',
      'The discount code SPRING10 is no longer available',
    ]) {
      expect(captureOutcome({ status: 409, result: { message, coupon: 'SPRING10' } })).toEqual({
        kind: 'couponRefused',
        message,
      });
    }
  });

  it('when capture answers 409 without a product (another amount captured), then it failed', () => {
    expect(captureOutcome({ status: 409, result: 'Captured amount does not match the order' })).toEqual({
      kind: 'failed',
    });
  });

  it('when create answers 400 naming a product with 2 left, then that product and message are read', () => {
    const envelope = {
      status: 400,
      result: { message: 'Only 2 of Olio Nuovo left', product: { id: 'p-2', name: 'Olio Nuovo', available: 2 } },
    };
    expect(shortProduct(envelope)).toEqual({ id: 'p-2', message: 'Only 2 of Olio Nuovo left', available: 2 });
  });

  it('when the count left is missing or not a whole number, then it is unknown (null), never guessed', () => {
    for (const available of [undefined, -1, 1.5, '2']) {
      const envelope = { status: 409, result: { message: 'Sold out', product: { id: 'p-2', available } } };
      expect(shortProduct(envelope)?.available, String(available)).toBe(null);
    }
  });

  it('when capture answers 200 COMPLETED, then the shop order id is returned', () => {
    expect(captureOutcome({ status: 200, result: { status: 'COMPLETED', id: 'order-uuid' } })).toEqual({
      kind: 'completed',
      orderId: 'order-uuid',
    });
  });

  it('when capture answers 202 PENDING, then the payment is pending', () => {
    expect(captureOutcome({ status: 202, result: { status: 'PENDING', id: 'PAY-1' } })).toEqual({ kind: 'pending' });
  });

  it('when capture refuses the shipping country, then that is told apart from other failures', () => {
    expect(
      captureOutcome({ status: 400, result: { message: 'The shipping country is not accepted', country: 'FR' } }),
    ).toEqual({ kind: 'countryRefused', country: 'FR' });
  });

  it('when capture fails in any other way, then it failed', () => {
    expect(captureOutcome({ status: 402, result: 'The payment was declined' })).toEqual({ kind: 'failed' });
    expect(captureOutcome({ status: 200, result: { status: 'PENDING', id: 'x' } })).toEqual({ kind: 'failed' });
    expect(captureOutcome({ status: 404, result: 'Payment not found' })).toEqual({ kind: 'failed' });
  });

  it('when capture got no answer, a 5xx or a 429, then the same capture is worth sending again', () => {
    expect(captureOutcome({ status: 500, result: null })).toEqual({ kind: 'retry' });
    expect(captureOutcome({ status: 502, result: 'The payment provider did not answer' })).toEqual({ kind: 'retry' });
    expect(captureOutcome({ status: 503, result: 'Payments are not available' })).toEqual({ kind: 'retry' });
    expect(captureOutcome({ status: 429, result: 'Too many requests' })).toEqual({ kind: 'retry' });
  });
});

describe('captureWithRetries', () => {
  const lost = { status: 500, result: null };
  const done = { status: 200, result: { status: 'COMPLETED', id: 'order-1' } };

  it('when the first two answers are lost, then it waits 1 s and 2 s, says attempts 2 and 3 of 5, and returns the order', async () => {
    const replies = [lost, lost, done];
    const waits: number[] = [];
    const said: string[] = [];
    const outcome = await captureWithRetries(
      async () => replies.shift()!,
      (attempt, attempts) => said.push(`${attempt}/${attempts}`),
      undefined,
      async (ms) => void waits.push(ms),
    );
    expect(outcome).toEqual({ kind: 'completed', orderId: 'order-1' });
    expect(waits).toEqual([1000, 2000]);
    expect(said).toEqual(['2/5', '3/5']);
  });

  it('when every answer is lost, then it tries 5 times in all and gives up with retry', async () => {
    let sent = 0;
    const outcome = await captureWithRetries(
      async () => (sent++, lost),
      () => {},
      undefined,
      async () => {},
    );
    expect(outcome).toEqual({ kind: 'retry' });
    expect(sent).toBe(5);
  });

  it('when the capture is refused, then it is not repeated', async () => {
    let sent = 0;
    const outcome = await captureWithRetries(
      async () => (sent++, { status: 402, result: 'The payment was declined' }),
      () => {},
      undefined,
      async () => {},
    );
    expect(outcome).toEqual({ kind: 'failed' });
    expect(sent).toBe(1);
  });
});

describe('paypalScriptOptions', () => {
  it('when the emulator runs, then the SDK comes from its stand-in and no environment is passed', () => {
    const options = paypalScriptOptions(config());
    expect(options).toEqual({
      clientId: 'emulator-client',
      currency: 'USD',
      components: 'buttons',
      intent: 'capture',
      sdkBaseUrl: '/__paypal/sdk/js',
    });
    expect('environment' in options).toBe(false);
  });

  it('when real PayPal runs, then production is live and anything else is the sandbox', () => {
    expect(paypalScriptOptions(config({ client_id: 'live', sdk_base_url: null, env: 'production' }))).toMatchObject({
      clientId: 'live',
      environment: 'production',
    });
    expect(paypalScriptOptions(config({ client_id: 'sb', sdk_base_url: null, env: 'development' }))).toMatchObject({
      environment: 'sandbox',
    });
  });
});

describe('isOnlinePaymentOff', () => {
  it('when PayPal is off or has no client id, then online payment is unavailable', () => {
    expect(isOnlinePaymentOff(config({ env: 'off', client_id: '', sdk_base_url: null }))).toBe(true);
    expect(isOnlinePaymentOff(config({ client_id: '' }))).toBe(true);
    expect(isOnlinePaymentOff(config())).toBe(false);
  });
});

describe('fundingSources', () => {
  const known = ['paypal', 'venmo', 'card', 'paylater'] as const;

  it('when the config lists methods, then the known ones are offered with PayPal first', () => {
    expect(fundingSources(['card', 'venmo', 'paypal'], known)).toEqual(['paypal', 'card', 'venmo']);
  });

  it('when methods are unknown to PayPal or repeated, then they are skipped', () => {
    expect(fundingSources(['paypal', 'multiblanco', 'PayPal', 'card'], known)).toEqual(['paypal', 'card']);
  });

  it('when no method is configured, then there are no buttons', () => {
    expect(fundingSources([], known)).toEqual([]);
  });
});

describe('discount codes in the cart', () => {
  const code = { code: 'SUMMER10', kind: 'percent' as const, amount: 10, min_subtotal: 30 };
  it('when the goods reach the code’s minimum of 30.00, then the code applies', () => {
    expect(applicableCoupon(code, 30, 'USD')).toEqual({ coupon: code, problem: null });
  });
  it('when the goods are 25.00 under a minimum of 30.00, then the code waits and says why', () => {
    expect(applicableCoupon(code, 25, 'USD')).toEqual({
      coupon: null,
      problem: 'The discount code SUMMER10 needs goods worth at least $30.00',
    });
  });
  it('when payments/create refuses the code with 400, then its reason is read; another 400 is not a code refusal', () => {
    const refused = { status: 400, result: { message: 'The discount code X1Y has been used up', coupon_code: 'X1Y' } };
    expect(couponRefusalOf(refused)).toBe('The discount code X1Y has been used up');
    expect(couponRefusalOf({ status: 400, result: { message: 'Some products are not available any more' } })).toBe(
      null,
    );
    expect(couponRefusalOf({ status: 409, result: { message: 'Gone', coupon: 'X1Y' } })).toBe('Gone');
  });
});

describe('pickup day refusal (issue 32 §4)', () => {
  it('when payments/create refuses the pickup day with 400, then its reason is read; a code refusal is not one', () => {
    const refused = { status: 400, result: { message: 'This market day is closed', pickup_day_id: 'day-1' } };
    expect(pickupRefusalOf(refused)).toBe('This market day is closed');
    expect(pickupRefusalOf({ status: 400, result: { message: 'Used up', coupon_code: 'X1Y' } })).toBe(null);
    expect(pickupRefusalOf({ status: 409, result: { message: 'Gone', pickup_day_id: 'day-1' } })).toBe(null);
  });
});
