import { describe, expect, it } from 'vitest';
import type { AdminOrderListItem, OrderStatus, RefundState } from '@shop/shared/admin';
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

  it('when an unshipped order was refunded in full, then the page leads with cancelling it and still offers the rest', () => {
    expect(availableActions('NEW', 'FULLY').map((a) => a.key)).toEqual(['cancel', 'complete', 'ship']);
    expect(availableActions('PROCESSING', 'FULLY').map((a) => a.key)).toEqual(['cancel', 'complete', 'ship']);
  });

  it('when the refund was partial or the order has shipped, then the usual order stays', () => {
    expect(availableActions('PROCESSING', 'PARTLY').map((a) => a.key)).toEqual(['complete', 'ship', 'cancel']);
    expect(availableActions('SHIPPED', 'FULLY').map((a) => a.key)).toEqual(['complete', 'cancel']);
    expect(availableActions('COMPLETED', 'FULLY').map((a) => a.key)).toEqual([]);
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
  const row = (id: string, status: OrderStatus, refund_state: RefundState = 'NONE'): AdminOrderListItem => ({
    id,
    number: `N${id}`,
    created_at: '2026-11-24T06:00:00.000Z',
    status,
    payer_full_name: 'Anna Rossi',
    payer_email_address: 'anna@example.com',
    transaction_gross_amount: '10.00',
    transaction_status: 'COMPLETED',
    currency_code: 'USD',
    refund_state,
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

  it('when a fully refunded unshipped order is shipped from the list, then it is held back and a partly refunded one is not', () => {
    const { eligible, refused } = splitSelection(
      [row('5', 'PROCESSING', 'FULLY'), row('6', 'PROCESSING', 'PARTLY')],
      'ship',
    );
    expect(eligible.map((o) => o.id)).toEqual(['6']);
    expect(refused).toEqual([
      {
        id: '5',
        number: 'N5',
        ok: false,
        from: 'PROCESSING',
        to: 'SHIPPED',
        error:
          'This order was refunded in full, so it is not shipped unless the request says ship_despite_refund: true; nothing was changed',
      },
    ]);
    expect(splitSelection([row('5', 'PROCESSING', 'FULLY')], 'cancel').eligible.map((o) => o.id)).toEqual(['5']);
  });

  it('when the same selection is completed, then only the completed order is held back', () => {
    const { eligible, refused } = splitSelection(selection, 'complete');
    expect(eligible.map((o) => o.id)).toEqual(['1', '2', '3']);
    expect(refused.map((r) => [r.id, r.error])).toEqual([['4', 'The order is already completed']]);
  });
});
