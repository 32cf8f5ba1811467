import { describe, expect, it } from 'vitest';
import {
  bulkOrdersSchema,
  ORDER_ACTION_STATUS,
  orderActionRefusal,
  orderActionsAllowed,
  orderActionsOffered,
  orderStatusChangeSchema,
  shipRefundedRefusal,
} from './admin-api';
import { ORDER_STATUSES } from './enums';

describe('orderActionRefusal', () => {
  it('when each action meets each status, then only open orders change and shipped or delivered ones are not shipped again', () => {
    const table = Object.fromEntries(
      ORDER_STATUSES.map((s) => [
        s,
        {
          complete: orderActionRefusal('complete', s),
          ship: orderActionRefusal('ship', s),
          cancel: orderActionRefusal('cancel', s),
        },
      ]),
    );
    expect(table).toEqual({
      NEW: { complete: null, ship: null, cancel: null },
      PROCESSING: { complete: null, ship: null, cancel: null },
      SHIPPED: { complete: null, ship: 'The order is already shipped', cancel: null },
      DELIVERED: { complete: null, ship: 'The order is already delivered', cancel: null },
      CANCELLED: {
        complete: 'The order is already cancelled',
        ship: 'The order is already cancelled',
        cancel: 'The order is already cancelled',
      },
      COMPLETED: {
        complete: 'The order is already completed',
        ship: 'The order is already completed',
        cancel: 'The order is already completed',
      },
    });
  });
});

describe('orderActionsAllowed', () => {
  it('when the order page asks which buttons an order shows, then it gets the allowed actions in the page order', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((s) => [s, orderActionsAllowed(s)]))).toEqual({
      NEW: ['complete', 'ship', 'cancel'],
      PROCESSING: ['complete', 'ship', 'cancel'],
      SHIPPED: ['complete', 'cancel'],
      DELIVERED: ['complete', 'cancel'],
      CANCELLED: [],
      COMPLETED: [],
    });
  });

  it('when an action is taken, then it sets the status of the same name', () => {
    expect(ORDER_ACTION_STATUS).toEqual({ complete: 'COMPLETED', ship: 'SHIPPED', cancel: 'CANCELLED' });
  });
});

describe('shipping an order refunded in full (issue 30 §1)', () => {
  const REFUSAL =
    'This order was refunded in full, so it is not shipped unless the request says ship_despite_refund: true; nothing was changed';

  it('when a fully refunded order that has not shipped is set to SHIPPED, then it is refused unless meant', () => {
    expect(shipRefundedRefusal('PROCESSING', 'SHIPPED', 'FULLY', false)).toBe(REFUSAL);
    expect(shipRefundedRefusal('NEW', 'SHIPPED', 'FULLY', false)).toBe(REFUSAL);
    expect(shipRefundedRefusal('DELIVERED', 'SHIPPED', 'FULLY', false)).toBe(REFUSAL);
    expect(shipRefundedRefusal('PROCESSING', 'SHIPPED', 'FULLY', true)).toBeNull();
  });

  it('when the refund was partial, the order stays SHIPPED or another status is set, then nothing is refused', () => {
    expect(shipRefundedRefusal('PROCESSING', 'SHIPPED', 'PARTLY', false)).toBeNull();
    expect(shipRefundedRefusal('PROCESSING', 'SHIPPED', 'NONE', false)).toBeNull();
    expect(shipRefundedRefusal('SHIPPED', 'SHIPPED', 'FULLY', false)).toBeNull();
    expect(shipRefundedRefusal('PROCESSING', 'CANCELLED', 'FULLY', false)).toBeNull();
    expect(shipRefundedRefusal('PROCESSING', 'COMPLETED', 'FULLY', false)).toBeNull();
  });

  it('when the order page asks what to lead with, then an unshipped order refunded in full leads with cancel', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((s) => [s, orderActionsOffered(s, 'FULLY')]))).toEqual({
      NEW: ['cancel', 'complete', 'ship'],
      PROCESSING: ['cancel', 'complete', 'ship'],
      SHIPPED: ['complete', 'cancel'],
      DELIVERED: ['complete', 'cancel'],
      CANCELLED: [],
      COMPLETED: [],
    });
    expect(orderActionsOffered('PROCESSING', 'PARTLY')).toEqual(['complete', 'ship', 'cancel']);
  });

  it('when the flag is sent, then it must be true or false and goes with shipping only', () => {
    expect(orderStatusChangeSchema.parse({ status: 'SHIPPED', ship_despite_refund: true })).toEqual({
      status: 'SHIPPED',
      ship_despite_refund: true,
    });
    expect(orderStatusChangeSchema.safeParse({ status: 'SHIPPED', ship_despite_refund: 'yes' }).success).toBe(false);
    expect(orderStatusChangeSchema.safeParse({ status: 'CANCELLED', ship_despite_refund: true }).success).toBe(false);
    const id = '8f5c5c1e-3c3c-4c3c-8c3c-3c3c3c3c3c3c';
    expect(bulkOrdersSchema.safeParse({ ids: [id], action: 'ship', ship_despite_refund: true }).success).toBe(true);
    expect(bulkOrdersSchema.safeParse({ ids: [id], action: 'cancel', ship_despite_refund: true }).success).toBe(false);
  });
});

describe('orderActionsOffered with a payment PayPal denied', () => {
  it('when PayPal denied the payment, then the page offers no Mark as Shipped; held or reversed payments keep it', () => {
    expect(orderActionsOffered('PROCESSING', 'NONE', 'DENIED')).toEqual(['complete', 'cancel']);
    expect(orderActionsOffered('NEW', 'NONE', 'DENIED')).toEqual(['complete', 'cancel']);
    expect(orderActionsOffered('PROCESSING', 'NONE', 'PENDING')).toEqual(['complete', 'ship', 'cancel']);
    expect(orderActionsOffered('PROCESSING', 'PARTLY', 'REVERSED')).toEqual(['complete', 'ship', 'cancel']);
  });
});
