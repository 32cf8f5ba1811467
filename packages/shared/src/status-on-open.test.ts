import { describe, expect, it } from 'vitest';
import { notificationStatusOnOpen, orderStatusOnOpen } from './status-on-open';

describe('orderStatusOnOpen', () => {
  it('when an admin opens a NEW order, then it moves to PROCESSING', () => {
    expect(orderStatusOnOpen('NEW')).toBe('PROCESSING');
  });

  it('when an admin opens an order in any other status, then it stays as it is', () => {
    expect(orderStatusOnOpen('PROCESSING')).toBeNull();
    expect(orderStatusOnOpen('SHIPPED')).toBeNull();
    expect(orderStatusOnOpen('DELIVERED')).toBeNull();
    expect(orderStatusOnOpen('CANCELLED')).toBeNull();
    expect(orderStatusOnOpen('COMPLETED')).toBeNull();
  });
});

describe('notificationStatusOnOpen', () => {
  it('when an admin opens a message with status new, then it becomes read', () => {
    expect(notificationStatusOnOpen('new')).toBe('read');
  });

  it('when an admin opens a message in any other status, then it stays as it is', () => {
    expect(notificationStatusOnOpen('read')).toBeNull();
    expect(notificationStatusOnOpen('resolved')).toBeNull();
    expect(notificationStatusOnOpen('approved')).toBeNull();
    expect(notificationStatusOnOpen('deleted')).toBeNull();
  });
});
