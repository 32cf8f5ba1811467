/** The order detail's action buttons and their confirmations (SPEC §4 "Admin order rules"). */
import type { OrderStatus, OrderStatusUpdate } from '@shop/shared/admin';

export type OrderActionKey = 'complete' | 'ship' | 'cancel';

export interface OrderAction {
  key: OrderActionKey;
  /** The status the action sets. */
  status: OrderStatusUpdate['status'];
  label: string;
  /** The confirmation's sentence, word for word from SPEC §4. */
  question: string;
  danger: boolean;
}

export const ORDER_ACTIONS: Record<OrderActionKey, OrderAction> = {
  complete: {
    key: 'complete',
    status: 'COMPLETED',
    label: 'Complete Order',
    question: 'Are you sure you want to complete this order?',
    danger: false,
  },
  ship: {
    key: 'ship',
    status: 'SHIPPED',
    label: 'Mark as Shipped',
    question: 'Are you sure you want to mark this order as shipped?',
    danger: false,
  },
  cancel: {
    key: 'cancel',
    status: 'CANCELLED',
    label: 'Cancel Order',
    question: 'Are you sure you want to cancel this order?',
    danger: true,
  },
};

/**
 * Archived orders (cancelled, completed) get no buttons; "Mark as Shipped" is left out once the parcel is
 * on its way or has arrived. The selector still lets the admin set any of its five statuses.
 */
export function availableActions(status: OrderStatus): OrderAction[] {
  if (status === 'CANCELLED' || status === 'COMPLETED') return [];
  const keys: OrderActionKey[] =
    status === 'SHIPPED' || status === 'DELIVERED' ? ['complete', 'cancel'] : ['complete', 'ship', 'cancel'];
  return keys.map((key) => ORDER_ACTIONS[key]);
}
