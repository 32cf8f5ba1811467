import {
  CarOutlined,
  CheckOutlined,
  CloseOutlined,
  RollbackOutlined,
  GiftOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  MailOutlined,
  SearchOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import {
  amountCents,
  countryName,
  discountedUnitPrice,
  formatLongDate,
  formatMoney,
  hasEffectiveDiscount,
  lineTotal,
  orderTotalsWithCoupon,
  MESSAGES,
  ORDER_NOT_FOUND_HOME,
  ORDER_STATUS_DISPLAY,
  orderProgress,
  type OrderProgressKey,
  paymentStatusText,
  pickupText,
  type PublicOrder,
  summaryLines,
  toCents,
} from '@shop/shared';
import { Button, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/ButtonLink';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useOrder } from '../api/orders';
import { resendConfirmation } from '../api/payments';
import { CHECKOUT_MESSAGES } from '../checkout/messages';
import { Price } from '../components/Price';
import { TotalsList } from '../components/TotalsList';
import { useDocumentMeta } from '../lib/use-document-meta';
import './order.css';

function StatusTag({ status }: { status: PublicOrder['status'] }) {
  const display = ORDER_STATUS_DISPLAY[status] ?? { text: status, color: 'default' };
  return (
    <Tag color={display.color} className="order-status" data-testid="order-status" data-status={status}>
      {display.text}
    </Tag>
  );
}

function ResendButton({ order }: { order: PublicOrder }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const envelope = await resendConfirmation(order.id);
    setSending(false);
    if (envelope.status === 200) notify.success(CHECKOUT_MESSAGES.confirmationResent(order.payer_email_address));
    // SPEC §8: a second resend within the minute gets its own "too many requests" notice.
    else if (envelope.status === 429) notify.warning(MESSAGES.resendRateLimited);
    else notify.generic();
  };
  return (
    <Button icon={<MailOutlined />} loading={sending} onClick={() => void resend()} data-testid="order-resend">
      Resend confirmation
    </Button>
  );
}

function OrderProducts({ order }: { order: PublicOrder }) {
  const currency = order.currency_code;
  const totals = orderTotalsWithCoupon(order.products, order.shipment_amount, order.coupon_discount);
  return (
    <section className="order-card order-products" aria-labelledby="order-products-title" data-testid="order-products">
      <h2 id="order-products-title" className="order-card-title">
        Your products
      </h2>
      <table className="order-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="order-col-qty">
              Qty
            </th>
            <th scope="col" className="order-col-unit">
              Unit price
            </th>
            <th scope="col" className="order-col-total">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((line, index) => (
            <tr key={`${line.id}-${index}`} data-testid="order-line">
              <td className="order-line-name">
                <span>{line.product}</span>
                {/* Phones hide the quantity and unit-price columns: "2 × $4.96 each", the list price apart, and
                    the line total stays in its own column on the right. */}
                <span className="order-line-mobile" data-testid="order-line-each">
                  <span>
                    {line.quantity} × {formatMoney(discountedUnitPrice(line), currency)} each
                  </span>
                  {hasEffectiveDiscount(line) && (
                    <s className="order-line-was">was {formatMoney(line.price, currency)}</s>
                  )}
                </span>
              </td>
              <td className="order-col-qty" data-testid="order-line-qty">
                {line.quantity}
              </td>
              <td className="order-col-unit">
                <Price product={line} currency={currency} />
              </td>
              <td className="order-col-total" data-testid="order-line-total">
                {formatMoney(lineTotal(line), currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="order-totals">
        <TotalsList
          lines={summaryLines(totals, {
            couponCode: order.coupon_code,
            shippingMethod: order.shipment_method,
            pickup: Boolean(order.pickup_day_id),
            totalLabel: 'Total paid',
            // What PayPal charged, as the mail and the invoice say; an order without it adds up its lines.
            totalCents: order.transaction_gross_amount.trim()
              ? toCents(Number(order.transaction_gross_amount))
              : undefined,
          })}
          currency={currency}
          testIdPrefix="order"
        />
      </div>
    </section>
  );
}

function OrderSummary({ order }: { order: PublicOrder }) {
  return (
    <section className="order-card" aria-labelledby="order-summary-title" data-testid="order-summary">
      <h2 id="order-summary-title" className="order-card-title">
        Summary
      </h2>
      <dl className="order-facts">
        <div>
          <dt>Order date</dt>
          <dd data-testid="order-date">{formatLongDate(order.created_at)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusTag status={order.status} />
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd data-testid="order-payment-status">
            PayPal{order.transaction_status ? ` · ${paymentStatusText(order.transaction_status).toLowerCase()}` : ''}
          </dd>
        </div>
        {amountCents(order.transaction_refunded_amount) > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd data-testid="order-refunded">
              Refunded {formatMoney(order.transaction_refunded_amount, order.currency_code)} to your PayPal account
            </dd>
          </div>
        )}
        <div>
          <dt>Transaction id</dt>
          <dd className="order-mono" data-testid="order-transaction">
            {order.transaction_id || '-'}
          </dd>
        </div>
        {order.payer_email_address && (
          <div className="order-facts-block">
            <dt>Confirmation sent to</dt>
            <dd className="order-break">{order.payer_email_address}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * The parcel (issue 22 §2): once the order is shipped, its status, the carrier's tracking number and a link to
 * follow it (the carrier's page, or the shop's own tracking link); or that it travels without a number. Shown
 * right under the thanks, where a shopper coming back for it looks first.
 */
function Parcel({ order }: { order: PublicOrder }) {
  const sent = order.status === 'SHIPPED' || order.status === 'DELIVERED';
  if (!sent && !order.tracking_number) return null;
  const lead =
    order.status === 'DELIVERED'
      ? 'Your parcel has arrived. We hope you enjoy it!'
      : order.status === 'SHIPPED'
        ? 'Your parcel has left our shop and is on its way to you.'
        : null;
  return (
    <section className="order-card order-parcel" aria-labelledby="order-parcel-title" data-testid="order-parcel">
      <div className="order-parcel-main">
        <h2 id="order-parcel-title" className="order-card-title">
          <CarOutlined /> Your parcel
        </h2>
        <StatusTag status={order.status} />
        {lead && <p className="order-parcel-lead">{lead}</p>}
      </div>
      {order.tracking_number ? (
        <div className="order-parcel-number">
          <span className="order-number-label">Tracking number</span>
          <span className="order-mono order-tracking-number" data-testid="order-tracking-number">
            {order.tracking_number}
          </span>
        </div>
      ) : (
        <p className="order-parcel-note" data-testid="order-tracking-none">
          {order.status === 'DELIVERED'
            ? 'It travelled without a tracking number.'
            : 'It is on its way without a tracking number.'}
        </p>
      )}
      {order.tracking_url && (
        <a
          className="order-tracking-link"
          href={order.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="order-tracking-link"
        >
          Follow your parcel
          {order.shipping_carrier && order.shipping_carrier !== 'OTHER' ? ` with ${order.shipping_carrier}` : ''}{' '}
          <ExportOutlined aria-hidden="true" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}

/** Collected at the market (issue 32 §4) instead of shipped: where and when. */
function PickupPlace({ order }: { order: PublicOrder }) {
  return (
    <section className="order-card" aria-labelledby="order-pickup-title" data-testid="order-pickup">
      <h2 id="order-pickup-title" className="order-card-title">
        <ShopOutlined /> Pick up at the market
      </h2>
      {order.pickup ? (
        <p className="order-pickup" data-testid="order-pickup-text">
          {pickupText(order.pickup)}
        </p>
      ) : (
        <p className="order-pickup">We will tell you where and when to collect your order.</p>
      )}
    </section>
  );
}

function ShipmentAddress({ order }: { order: PublicOrder }) {
  if (order.pickup_day_id) return <PickupPlace order={order} />;
  const a = order.shipment_address;
  const cityLine = [[a.admin_area_2, a.admin_area_1].filter(Boolean).join(', '), a.postal_code]
    .filter(Boolean)
    .join(' ');
  return (
    <section className="order-card" aria-labelledby="order-shipment-title" data-testid="order-shipment">
      <h2 id="order-shipment-title" className="order-card-title">
        <EnvironmentOutlined /> Shipping to
      </h2>
      <address className="order-address">
        <strong>{order.shipment_full_name || order.payer_full_name}</strong>
        {a.address_line_1 && <span>{a.address_line_1}</span>}
        {a.address_line_2 && <span>{a.address_line_2}</span>}
        {cityLine && <span>{cityLine}</span>}
        {a.country_code && <span>{countryName(a.country_code)}</span>}
      </address>
      {order.shipment_method && <p className="order-method">By {order.shipment_method}</p>}
    </section>
  );
}

const PROGRESS_ICONS: Record<OrderProgressKey, ReactNode> = {
  RECEIVED: <CheckOutlined />,
  PREPARING: <CheckOutlined />,
  PARTLY_REFUNDED: <RollbackOutlined />,
  REFUNDED: <RollbackOutlined />,
  SHIPPED: <CarOutlined />,
  DELIVERED: <GiftOutlined />,
  COMPLETED: <CheckOutlined />,
  CANCELLED: <CloseOutlined />,
};

export default function Order() {
  const { id } = useParams<{ id: string }>();
  const { data: order, error } = useOrder(id);
  useDocumentMeta(
    { title: order ? `Order #${order.number}` : error ? 'Order not found' : 'Your order' },
    { noindex: true },
  );

  // SPEC §8: a missing order (404, or 400 for an id that cannot exist) sends the shopper home, where the
  // tracking message says why (issue 31 §8; the server redirects such an address the same way); an order
  // that fails to load for another reason sends the shopper home too.
  if (!id || (isApiError(error) && (error.status === 404 || error.status === 400))) {
    return <Navigate to={ORDER_NOT_FOUND_HOME} replace />;
  }
  if (error) return <Navigate to="/" replace />;
  if (!order) return <PageLoader />;

  const payerName = order.payer_full_name.trim();
  // Issue 30 §1: the page leads with what is true of the order now (packages/shared order-progress.ts).
  const progress = orderProgress({
    status: order.status,
    refundState: order.refund_state,
    trackingNumber: order.tracking_number,
  });

  return (
    <div className="page order" data-testid="order-page">
      <section className="order-hero">
        <div className="order-hero-text">
          <span className="order-hero-icon" aria-hidden="true">
            {PROGRESS_ICONS[progress.key]}
          </span>
          <div data-testid="order-progress" data-progress={progress.key}>
            <span className="eyebrow" data-testid="order-eyebrow">
              {progress.eyebrow}
            </span>
            <h1 className="page-title" data-testid="order-headline">
              {progress.headline}
            </h1>
            <p className="order-thanks" data-testid="order-thanks">
              {progress.thanks ? (
                payerName ? (
                  <>
                    Grazie mille, <strong>{payerName}</strong>.{' '}
                  </>
                ) : (
                  'Grazie mille. '
                )
              ) : null}
              {progress.text}
              {progress.key === 'RECEIVED' && order.payer_email_address && (
                <>
                  {' '}
                  A confirmation is on its way to <strong className="order-break">{order.payer_email_address}</strong>.
                </>
              )}
            </p>
          </div>
        </div>
        <div className="order-number-box">
          <span className="order-number-label">Order number</span>
          <Typography.Text
            className="order-number"
            copyable={{ text: order.number, tooltips: ['Copy order number', 'Copied!'] }}
          >
            <span data-testid="order-number">{order.number}</span>
          </Typography.Text>
          <span className="order-number-hint">Keep it to track your order.</span>
          <ResendButton order={order} />
        </div>
      </section>

      <Parcel order={order} />

      <div className="order-layout">
        <OrderProducts order={order} />
        <div className="order-side">
          <OrderSummary order={order} />
          <ShipmentAddress order={order} />
        </div>
      </div>

      <div className="order-actions">
        <ButtonLink to="/site/shop" variant="primary" size="large" icon={<ShopOutlined />}>
          Continue shopping
        </ButtonLink>
        <ButtonLink to="/site/tracking" size="large" icon={<SearchOutlined />}>
          Track an order
        </ButtonLink>
      </div>
    </div>
  );
}
