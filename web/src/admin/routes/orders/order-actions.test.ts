import { describe, expect, it } from 'vitest';
import type { AdminOrderListItem, OrderStatus } from '@shop/shared/admin';
import { availableActions, splitSelection } from './order-actions';

const keysFor = (status: Parameters<typeof availableActions>[0]) => availableActions(status).map((a) => a.key);

describe('availableActions', () => {
  it('when the order is new or processing, then complete, ship and cancel are offered', () => {
    expect(keysFor('NEW')).toEqual(['complete', 'ship', 'cancel']);
    expect(keysFor('PROCESSING')).toEqual(['complete', 'ship', 'cancel']);
  });

  it('when the order is shipped or delivered, then Mark as Shipped is hidden', () => {
    expect(keysFor('SHIPPED')).toEqual(['complete', 'cancel']);
    expect(keysFor('DELIVERED')).toEqual(['complete', 'cancel']);
  });

  it('when the order is cancelled or completed, then no action is offered', () => {
    expect(keysFor('CANCELLED')).toEqual([]);
    expect(keysFor('COMPLETED')).toEqual([]);
  });

  it('when an action is offered, then it sets its status and asks SPEC §4 question word for word', () => {
    const [complete, ship, cancel] = availableActions('PROCESSING');
    expect(complete).toMatchObject({
      status: 'COMPLETED',
      label: 'Complete Order',
      question: 'Are you sure you want to complete this order?',
    });
    expect(ship).toMatchObject({
      status: 'SHIPPED',
      label: 'Mark as Shipped',
      question: 'Are you sure you want to mark this order as shipped?',
    });
    expect(cancel).toMatchObject({
      status: 'CANCELLED',
      label: 'Cancel Order',
      question: 'Are you sure you want to cancel this order?',
    });
  });
});

describe('splitSelection', () => {
  const row = (id: string, status: OrderStatus): AdminOrderListItem => ({
    id,
    number: `N${id}`,
    created_at: '2026-11-24T06:00:00.000Z',
    status,
    payer_full_name: 'Anna Rossi',
    payer_email_address: 'anna@example.com',
    transaction_gross_amount: '10.00',
    transaction_status: 'COMPLETED',
    currency_code: 'USD',
  });
  const selection = [row('1', 'PROCESSING'), row('2', 'SHIPPED'), row('3', 'NEW'), row('4', 'COMPLETED')];

  it('when a selection is shipped, then shipped and archived orders are held back with the server wording', () => {
    const { eligible, refused } = splitSelection(selection, 'ship');
    expect(eligible.map((o) => o.id)).toEqual(['1', '3']);
    expect(refused).toEqual([
      { id: '2', number: 'N2', ok: false, from: 'SHIPPED', to: 'SHIPPED', error: 'The order is already shipped' },
      { id: '4', number: 'N4', ok: false, from: 'COMPLETED', to: 'SHIPPED', error: 'The order is already completed' },
    ]);
  });

  it('when the same selection is completed, then only the completed order is held back', () => {
    const { eligible, refused } = splitSelection(selection, 'complete');
    expect(eligible.map((o) => o.id)).toEqual(['1', '2', '3']);
    expect(refused.map((r) => [r.id, r.error])).toEqual([['4', 'The order is already completed']]);
  });
});
