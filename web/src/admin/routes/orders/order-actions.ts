/** The order detail's action buttons and their confirmations (SPEC §4 "Admin order rules"). */
import {
  type AdminOrderListItem,
  type BulkOrderAction,
  type BulkOrderResult,
  ORDER_ACTION_STATUS,
  orderActionRefusal,
  type OrderActionKey,
  orderActionsOffered,
  type OrderStatus,
  type OrderStatusUpdate,
  type PaymentAlert,
  type RefundState,
  shipRefundedRefusal,
} from '@shop/shared/admin';

export type { OrderActionKey };

export interface OrderAction {
  key: OrderActionKey;
  /** The status the action sets. */
  status: OrderStatusUpdate['status'];
  label: string;
  /** The confirmation's sentence, word for word from SPEC §4. */
  question: string;
  danger: boolean;
  /** The confirmation's buttons when they differ from the label and "Cancel" (issue 25 §1.9). */
  confirmText?: string;
  keepText?: string;
}

/**
 * Issue 25 §1.2: the status selector asks too, naming the status it would set. The answer's buttons: the
 * change, and keeping the order as it is.
 */
export const statusChangeQuestion = (statusText: string) => ({
  question: `Change this order's status to "${statusText}"?`,
  okText: 'Change status',
  cancelText: 'Keep current status',
});

export const ORDER_ACTIONS: Record<OrderActionKey, OrderAction> = {
  complete: {
    key: 'complete',
    status: ORDER_ACTION_STATUS.complete,
    label: 'Complete Order',
    question: 'Are you sure you want to complete this order?',
    danger: false,
  },
  ship: {
    key: 'ship',
    status: ORDER_ACTION_STATUS.ship,
    label: 'Mark as Shipped',
    question: 'Are you sure you want to mark this order as shipped?',
    danger: false,
  },
  cancel: {
    key: 'cancel',
    status: ORDER_ACTION_STATUS.cancel,
    label: 'Cancel Order',
    question: 'Are you sure you want to cancel this order?',
    danger: true,
    confirmText: 'Cancel order',
    keepText: 'Keep order',
  },
};

/**
 * The buttons an order shows, the one the page leads with first: the shared rule the bulk endpoint applies too
 * (orderActionsAllowed, through orderActionsOffered), so the page never offers what the server would refuse.
 * An unshipped order refunded in full leads with cancelling it (issue 30 §1). The selector still lets the admin
 * set any of its five statuses.
 */
export const availableActions = (
  status: OrderStatus,
  refund: RefundState = 'NONE',
  paymentAlert: PaymentAlert | null = null,
): OrderAction[] => orderActionsOffered(status, refund, paymentAlert).map((key) => ORDER_ACTIONS[key]);

/**
 * The selection split by the order page's own rule (orderActionRefusal): the orders the action may change,
 * and the others with the reason, answered as the server would answer them. Only the first are sent; the
 * server checks again, in each order's transaction, against the status it finds then.
 */
export function splitSelection(
  selected: readonly AdminOrderListItem[],
  action: BulkOrderAction,
): { eligible: AdminOrderListItem[]; refused: BulkOrderResult[] } {
  const eligible: AdminOrderListItem[] = [];
  const refused: BulkOrderResult[] = [];
  for (const order of selected) {
    // An order refunded in full is not shipped from the list: its own page asks "ship it anyway?" (issue 30 §1).
    const error =
      orderActionRefusal(action, order.status) ??
      shipRefundedRefusal(order.status, ORDER_ACTION_STATUS[action], order.refund_state, false);
    if (error === null) eligible.push(order);
    else {
      refused.push({
        id: order.id,
        number: order.number,
        ok: false,
        from: order.status,
        to: ORDER_ACTION_STATUS[action],
        error,
      });
    }
  }
  return { eligible, refused };
}
