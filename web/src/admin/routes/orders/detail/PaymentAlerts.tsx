import { amountCents, paymentNewsText, type AdminOrder } from '@shop/shared/admin';
import { Alert } from 'antd';
import './payment-alerts.css';

/**
 * What PayPal did to the order's money after the payment (issue 30 §2), at the top of the order page: a held
 * payment (wait before shipping), a denied one (do not ship: the server refuses SHIPPED) and what a reversal
 * took back. The same sentences as the timeline and the shop's mail (paymentNewsText).
 */
export function PaymentAlerts({ order }: { order: AdminOrder }) {
  const reversed = amountCents(order.transaction_reversed_amount);
  const held = order.payment_alert === 'PENDING' || order.payment_alert === 'DENIED' ? order.payment_alert : null;
  if (!held && reversed === 0) return null;
  return (
    <div className="order-payment-alerts">
      {held ? (
        <Alert
          type={held === 'DENIED' ? 'error' : 'warning'}
          showIcon
          message={paymentNewsText(held, { reason: order.payment_alert_reason })}
          data-testid={`order-payment-alert-${held.toLowerCase()}`}
        />
      ) : null}
      {reversed > 0 ? (
        <Alert
          type="error"
          showIcon
          message={paymentNewsText('REVERSED', {
            amount: order.transaction_reversed_amount,
            currency: order.currency_code,
          })}
          data-testid="order-payment-alert-reversed"
        />
      ) : null}
    </div>
  );
}
