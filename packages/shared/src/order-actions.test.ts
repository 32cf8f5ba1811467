import { describe, expect, it } from 'vitest';
import { ORDER_ACTION_STATUS, orderActionRefusal, orderActionsAllowed } from './admin-api';
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
