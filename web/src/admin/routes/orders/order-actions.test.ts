import { describe, expect, it } from 'vitest';
import { availableActions } from './order-actions';

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
