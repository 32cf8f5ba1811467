import { type AdminOrder, type AdminOrderListItem, toCents } from '@shop/shared/admin';
import { Card, Typography } from 'antd';
import { Link } from 'react-router-dom';

/** Issue 32: a sale at the market stall, booked as an order of channel `market`. */
export const isMarketSale = (order: Pick<AdminOrder, 'channel'>) => order.channel === 'market';

/** "Cash at the market stall" or "Card at the market stall". */
export const marketPaymentText = (order: Pick<AdminOrder, 'payment_method'>) =>
  `${order.payment_method === 'card' ? 'Card' : 'Cash'} at the market stall`;

/** The lists' marker: "Market · cash" or "Market · card". */
export const marketMarkerText = (order: Pick<AdminOrderListItem, 'payment_method'>) =>
  `Market · ${order.payment_method === 'card' ? 'card' : 'cash'}`;

/**
 * What the stall's own discount took off the sale: its goods less what was paid (a stall sale has no shipping
 * and no discount code), never below 0.
 */
export const marketSaleDiscount = (order: Pick<AdminOrder, 'transaction_gross_amount'>, subtotal: number) =>
  Math.max(0, toCents(subtotal) - toCents(Number(order.transaction_gross_amount) || 0)) / 100;

/**
 * In place of the shipment, refund, restock and map cards of an online order: the stall sale was paid and handed
 * over at the market, so there is nothing to ship, nothing PayPal can refund and no address (the server refuses
 * those actions too, with 409).
 */
export function MarketSaleCard({ order }: { order: AdminOrder }) {
  return (
    <Card title="Market sale" className="order-detail-card" data-testid="order-market-sale">
      <Typography.Paragraph>
        Sold at the market stall and paid {order.payment_method === 'card' ? 'by card' : 'in cash'} there; the goods
        were handed over. There is nothing to ship, and PayPal has nothing to refund: money given back is given back at
        the stall.
      </Typography.Paragraph>
      {order.market_day_id ? (
        <Link to={`/admin/market/days/${encodeURIComponent(order.market_day_id)}`} data-testid="order-market-day">
          The market day of this sale
        </Link>
      ) : null}
    </Card>
  );
}
