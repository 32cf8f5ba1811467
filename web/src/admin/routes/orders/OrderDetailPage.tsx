import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  ADMIN_SETTABLE_ORDER_STATUSES,
  type AdminOrder,
  amountCents,
  countryName,
  formatAdminDate,
  formatCents,
  formatMoney,
  lineTotal,
  ORDER_STATUS_DISPLAY,
  type OrderLine,
  type OrderStatus,
  type OrderStatusUpdate,
  orderStatusOnOpen,
  orderFigures,
  orderTotals,
  paymentStatusText,
  pickupWhen,
  refundState,
  SHIP_REFUNDED_QUESTION,
  SHIPPING_CARRIER_LABELS,
} from '@shop/shared/admin';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Grid,
  Modal,
  Select,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { mutate as revalidate } from 'swr';
import { handleResult, notify } from '../../../lib/notify';
import { useAdminConfig } from '../../api/config';
import { refreshDashboard } from '../../api/dashboard';
import { orderEventsKey } from '../../api/order-events';
import { PaymentAlerts } from './detail/PaymentAlerts';
import { RefundCard, runRefund } from './detail/RefundCard';
import { linesToRestock, RestockCard, runRestock, unitsText } from './detail/RestockCard';
import { moveOrderOnOpen, updateOrderStatus, useAdminOrder } from '../../api/orders';
import { confirmAction } from '../../components/confirm';
import { useKeyboardScrollableTable } from '../../components/keyboard-scroll';
import { useLoadingOverlay } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { RefundMarker } from '../../components/RefundMarker';
import { useLeaveOnLoadError } from '../../components/record-form';
import { OrderTimelineCard } from './detail/OrderTimeline';
import { type ShipAnswer, ShipDialog } from './detail/tracking-number';
import { availableActions, ORDER_ACTIONS, type OrderAction, statusChangeQuestion } from './order-actions';
import { OrderPaperButtons } from './PaperworkButtons';
import { isMarketSale, MarketSaleCard, marketSaleDiscount, marketPaymentText } from './detail/MarketSaleCard';
import './order-detail.css';

// The map geometry (≈80 KB) loads only when an order is shown.
const UsMap = lazy(() => import('../../charts/UsMap'));

/** SPEC §9: the order map's marker radius. */
const MARKER_RADIUS = 8;
const ORDERS_PATH = '/admin/orders';

// antd's ButtonProps type has no data-* attributes, though they reach the DOM.
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

/**
 * Orders being moved from NEW to PROCESSING right now. Module-wide rather than a ref so that StrictMode's
 * second effect run, a remount or a revalidation that still shows NEW never sends a second PUT.
 */
const promoting = new Set<string>();

function StatusTag({ status }: { status: OrderStatus }) {
  const display = ORDER_STATUS_DISPLAY[status] ?? { text: status, color: 'default' };
  return (
    <Tag color={display.color} className="order-detail-status-tag" data-testid="order-status" data-status={status}>
      {display.text}
    </Tag>
  );
}

function Facts({ rows }: { rows: { label: string; value: ReactNode; testId?: string; strong?: boolean }[] }) {
  return (
    <dl className="order-detail-facts">
      {rows.map((row) => (
        <div
          key={row.label}
          className={row.strong ? 'order-detail-fact order-detail-fact--strong' : 'order-detail-fact'}
        >
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value === '' || row.value === null ? '-' : row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A long address wraps after its @ rather than in the middle of a word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function discountText(line: OrderLine, currency: string): string {
  if (!line.apply_discount || !(line.discount_amount > 0)) return '-';
  return line.discount_unit === '%' ? `${line.discount_amount}%` : formatMoney(line.discount_amount, currency);
}

function ProductsCard({ order }: { order: AdminOrder }) {
  const currency = order.currency_code;
  // Below sm (a phone) one column carries each line's product, quantity, price, discount and total, so nothing
  // is cut off or needs sideways scroll (issue 31 §11); antd shows a column only at the breakpoints it names.
  const columns: TableColumnsType<OrderLine> = [
    {
      key: 'line',
      title: 'Products',
      responsive: ['xs'],
      render: (_, line) => {
        const discount = discountText(line, currency);
        return (
          <div className="order-line-stacked" data-testid="order-line-stacked">
            <span className="order-line-name">{line.product}</span>
            <span className="order-line-figures">
              <span>
                {line.quantity} × {formatMoney(line.price, currency)}
                {discount !== '-' && discount !== '' ? <>, discount {discount}</> : null}
              </span>
              <strong>{formatMoney(lineTotal(line), currency)}</strong>
            </span>
          </div>
        );
      },
    },
    { key: 'product', title: 'Product', dataIndex: 'product', responsive: ['sm'] },
    {
      key: 'price',
      title: 'Price',
      dataIndex: 'price',
      align: 'right',
      responsive: ['sm'],
      render: (price: number) => formatMoney(price, currency),
    },
    { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: 'right', responsive: ['sm'] },
    {
      key: 'discount',
      title: 'Discount',
      align: 'right',
      responsive: ['sm'],
      render: (_, line) => discountText(line, currency),
    },
    {
      key: 'total',
      title: 'Total',
      align: 'right',
      responsive: ['sm'],
      render: (_, line) => <strong>{formatMoney(lineTotal(line), currency)}</strong>,
    },
  ];
  const phone = !Grid.useBreakpoint().sm;
  const tableRef = useKeyboardScrollableTable();
  return (
    <Card title="Products" className="order-detail-card order-detail-wide" data-testid="order-products">
      <div ref={tableRef}>
        <Table<OrderLine>
          rowKey={(line) => line.id}
          columns={columns}
          dataSource={order.products}
          pagination={false}
          size="small"
          scroll={phone ? undefined : { x: 520 }}
        />
      </div>
    </Card>
  );
}

function SummaryCard({ order }: { order: AdminOrder }) {
  const currency = order.currency_code;
  const totals = orderTotals(order.products, order.shipment_amount);
  const money = orderFigures(order);
  return (
    <Card title="Summary" className="order-detail-card" data-testid="order-summary">
      <Facts
        rows={[
          {
            label: 'Status',
            value: (
              <>
                <StatusTag status={order.status} />
                <RefundMarker state={refundState(order)} testId="order-refund-marker" />
              </>
            ),
          },
          { label: 'Date', value: formatAdminDate(order.created_at), testId: 'order-date' },
          { label: 'Products', value: formatMoney(totals.subtotal, currency), testId: 'order-products-total' },
          ...(order.coupon_code
            ? [
                {
                  label: `Discount code ${order.coupon_code}`,
                  value: formatMoney(-(order.coupon_discount ?? 0), currency),
                  testId: 'order-coupon',
                },
              ]
            : []),
          // Issue 32: a stall sale's own discount (percent or cash off the sale) is what its goods lost.
          ...(isMarketSale(order) && marketSaleDiscount(order, totals.subtotal) > 0
            ? [
                {
                  label: 'Stall discount',
                  value: formatMoney(-marketSaleDiscount(order, totals.subtotal), currency),
                  testId: 'order-market-discount',
                },
              ]
            : []),
          { label: 'Shipping', value: formatMoney(order.shipment_amount, currency), testId: 'order-shipping' },
          {
            label: 'Gross amount',
            value: formatMoney(order.transaction_gross_amount, currency),
            testId: 'order-gross',
            strong: true,
          },
          // Issue 30 §3: the ledger's figures, so Gross − Refunded − fee = Net can be read down the card.
          { label: 'Refunded', value: formatCents(-money.refundsCents, currency), testId: 'order-refunded' },
          {
            label: isMarketSale(order) ? 'Fee' : 'PayPal fee',
            value: formatCents(-money.feesCents, currency),
            testId: 'order-fee',
          },
          { label: 'Net amount', value: formatCents(money.netCents, currency), testId: 'order-net', strong: true },
        ]}
      />
    </Card>
  );
}

function PaymentCard({ order }: { order: AdminOrder }) {
  return (
    <Card title="Payment and payer" className="order-detail-card" data-testid="order-payment">
      <Facts
        rows={[
          { label: 'Method', value: isMarketSale(order) ? marketPaymentText(order) : 'PayPal', testId: 'order-method' },
          {
            label: 'Transaction',
            value: order.transaction_id ? (
              <Typography.Text copyable className="order-detail-mono">
                {order.transaction_id}
              </Typography.Text>
            ) : (
              ''
            ),
          },
          {
            label: 'Transaction status',
            value: paymentStatusText(order.transaction_status),
            testId: 'order-payment-status',
          },
          { label: 'Payer', value: order.payer_full_name, testId: 'order-payer-name' },
          {
            label: 'Email',
            value: order.payer_email_address ? (
              <a href={`mailto:${order.payer_email_address}`} className="order-detail-email">
                <BreakableEmail email={order.payer_email_address} />
              </a>
            ) : (
              ''
            ),
            testId: 'order-payer-email',
          },
          ...(order.customer_id
            ? [
                {
                  label: 'Customer',
                  value: <Link to={`/admin/customers/${order.customer_id}`}>All orders by this customer</Link>,
                  testId: 'order-customer-link',
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

function ShipmentCard({ order }: { order: AdminOrder }) {
  const address = order.shipment_address;
  return (
    <Card title="Shipment address" className="order-detail-card" data-testid="order-shipment">
      <Facts
        rows={[
          { label: 'Name', value: order.shipment_full_name },
          {
            label: 'Address',
            value: (
              <>
                {address.address_line_1}
                {address.address_line_2 ? (
                  <>
                    <br />
                    {address.address_line_2}
                  </>
                ) : null}
              </>
            ),
          },
          { label: 'City', value: address.admin_area_2 },
          { label: 'State', value: address.admin_area_1 },
          { label: 'ZIP', value: address.postal_code, testId: 'order-zip' },
          { label: 'Country', value: countryName(address.country_code) },
          { label: 'Shipment method', value: order.shipment_method },
          ...(order.shipping_carrier
            ? [
                {
                  label: 'Carrier',
                  value:
                    order.shipping_carrier === 'OTHER' && order.tracking_url ? (
                      <a href={order.tracking_url} target="_blank" rel="noopener noreferrer">
                        Other (tracking page)
                      </a>
                    ) : (
                      SHIPPING_CARRIER_LABELS[order.shipping_carrier]
                    ),
                  testId: 'order-carrier',
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** Issue 32 §4: an order collected at a market day has that day where a parcel has its address. */
function PickupCard({ order }: { order: AdminOrder }) {
  const day = order.pickup;
  return (
    <Card title="Pick up at the market" className="order-detail-card" data-testid="order-pickup">
      <Facts
        rows={[
          { label: 'Name', value: order.shipment_full_name || order.payer_full_name },
          { label: 'Place', value: day?.place ?? 'The market day was deleted' },
          ...(day ? [{ label: 'When', value: pickupWhen(day), testId: 'order-pickup-when' }] : []),
          { label: 'Shipment method', value: order.shipment_method },
        ]}
      />
    </Card>
  );
}

function MapCard({ order }: { order: AdminOrder }) {
  return (
    <Card title="Location" className="order-detail-card" data-testid="order-location">
      {order.coordinates ? (
        <Suspense fallback={<div className="order-detail-map-placeholder" />}>
          <UsMap
            points={[order.coordinates]}
            markerRadius={MARKER_RADIUS}
            testId="order-map"
            label={`Map of the United States with the order's location`}
          />
        </Suspense>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No location for this order"
          data-testid="order-map-empty"
        />
      )}
    </Card>
  );
}

const STATUS_OPTIONS = ADMIN_SETTABLE_ORDER_STATUSES.map((status) => ({
  value: status,
  label: ORDER_STATUS_DISPLAY[status].text,
}));

/** SPEC §2 Order detail and §4 Admin order rules. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: order, error, mutate } = useAdminOrder(id);
  const [saving, setSaving] = useState(false);

  useLeaveOnLoadError(error, ORDERS_PATH);
  useLoadingOverlay(!order && !error);

  // SPEC §4: opening a NEW order moves it to PROCESSING (orderStatusOnOpen), once.
  useEffect(() => {
    const next = order ? orderStatusOnOpen(order.status) : null;
    if (!order || next === null || promoting.has(order.id)) return;
    const orderId = order.id;
    promoting.add(orderId);
    void (async () => {
      try {
        // Meant for NEW only: landing after a change the admin made meanwhile (a cancel clicked at once), it
        // is refused (409) instead of undoing it, and there is nothing to tell.
        const envelope = await moveOrderOnOpen(orderId, order.status, next);
        if (envelope.status === 409 || handleResult(envelope, { method: 'put', success: false }) === 'success') {
          await Promise.all([mutate(), revalidate(orderEventsKey(orderId))]);
          void refreshDashboard();
        }
      } finally {
        promoting.delete(orderId);
      }
    })();
  }, [order, mutate]);

  /** `moveFocus`: once changed, focus goes to the order's next action (the ship and complete buttons). */
  const changeStatus = async (
    status: OrderStatusUpdate['status'],
    shipment?: ShipAnswer,
    shipDespiteRefund?: boolean,
    moveFocus = false,
  ) => {
    if (!order) return false;
    setSaving(true);
    notify.loading();
    const envelope = await updateOrderStatus(order.id, status, shipment, shipDespiteRefund);
    const kind = handleResult(envelope, { method: 'put' });
    if (kind === 'success') {
      await Promise.all([mutate(), revalidate(orderEventsKey(order.id))]);
      void refreshDashboard();
      // Read by the effect below once the changed order is on screen with its controls enabled.
      focusPending.current = moveFocus;
    }
    setSaving(false);
    return kind === 'success';
  };

  // The ship dialog's question while it is open, and who waits for its answer (null: cancelled).
  const [shipAsk, setShipAsk] = useState<{
    question: string;
    okText: string;
    resolve: (answer: ShipAnswer | null) => void;
  } | null>(null);
  const answerShip = (answer: ShipAnswer | null) => {
    shipAsk?.resolve(answer);
    setShipAsk(null);
  };
  const shippingMethod = useAdminConfig().data?.shop.shipment_method ?? order?.shipment_method ?? '';

  // After a change the button pressed is gone: focus moves to the order's next action (issue 31 §14), or to
  // the status selector when none is left, never to the page body. Done in an effect, once the changed order
  // is on screen and the controls are enabled again.
  const toolbarRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || saving) return;
    focusPending.current = false;
    const toolbar = toolbarRef.current;
    const next =
      toolbar?.querySelector<HTMLElement>('.order-detail-actions button:not([disabled])') ??
      toolbar?.querySelector<HTMLElement>('#order-status-select');
    next?.focus();
  }, [saving, order]);

  const [cancelling, setCancelling] = useState(false);
  // Cancelling usually means the goods never left: their units go back unless the admin says otherwise.
  const [restockOnCancel, setRestockOnCancel] = useState(true);

  /** A paid order's cancellation offers the money back in the same step (issue 22). */
  const cancel = async (refund: boolean) => {
    if (!order) return;
    const left = order.refundable_amount;
    setCancelling(false);
    // Nothing goes back (money or units) for an order that did not become cancelled.
    if (!(await changeStatus('CANCELLED'))) return;
    if (refund) await runRefund(order, left, 'Order cancelled');
    if (restockOnCancel) {
      await runRestock(
        order,
        linesToRestock(order).map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
      );
    }
    if (refund || restockOnCancel) await Promise.all([mutate(), revalidate(orderEventsKey(order.id))]);
  };

  const runAction = async (action: OrderAction) => {
    if (action.status === 'CANCELLED' && order && amountCents(order.refundable_amount) > 0) {
      setCancelling(true);
      return;
    }
    // Shipping asks for the carrier's tracking number too, which the timeline keeps (issue 14).
    if (action.status === 'SHIPPED') {
      // Issue 30 §1: the money went back in full; shipping it too is asked first, and then sent as meant.
      const refundedInFull = order !== undefined && refundState(order) === 'FULLY' && order.status !== 'SHIPPED';
      if (
        refundedInFull &&
        !(await confirmAction({
          title: 'Refunded in full',
          content: SHIP_REFUNDED_QUESTION,
          okText: 'Ship anyway',
          cancelText: 'Do not ship',
          danger: true,
        }))
      ) {
        return;
      }
      const answer = await new Promise<ShipAnswer | null>((resolve) =>
        setShipAsk({ question: action.question, okText: action.label, resolve }),
      );
      if (answer) await changeStatus(action.status, answer, refundedInFull || undefined, true);
      return;
    }
    const confirmed = await confirmAction({
      content: action.question,
      okText: action.confirmText ?? action.label,
      cancelText: action.keepText,
      danger: action.danger,
    });
    if (confirmed) await changeStatus(action.status, undefined, undefined, true);
  };

  /**
   * The selector: SHIPPED and CANCELLED go through the same questions as their buttons (the tracking number,
   * the refund); every other status is confirmed by name first (issue 25 §1.2).
   */
  const selectStatus = async (status: OrderStatusUpdate['status']) => {
    if (status === 'SHIPPED') return runAction(ORDER_ACTIONS.ship);
    if (status === 'CANCELLED') return runAction(ORDER_ACTIONS.cancel);
    const { question, okText, cancelText } = statusChangeQuestion(ORDER_STATUS_DISPLAY[status].text);
    if (await confirmAction({ title: 'Change status', content: question, okText, cancelText })) {
      await changeStatus(status);
    }
  };

  if (!order) {
    return (
      <div className="order-detail-loading" data-testid="order-loading">
        <Spin size="large" />
      </div>
    );
  }

  const refund = refundState(order);
  const actions = availableActions(order.status, refund, order.payment_alert ?? null);
  // Issue 30 §1: all the money went back and nothing left the shop: the page leads with cancelling it.
  const cancelOffered = actions[0]?.key === 'cancel';
  const settable = (ADMIN_SETTABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status);

  return (
    <div className="order-detail">
      <PageHeader
        title={
          <span className="order-detail-title">
            <span data-testid="order-title">Order {order.number}</span>
            <Typography.Text type="secondary" copyable={{ text: order.id }} className="order-detail-id">
              {order.id}
            </Typography.Text>
          </span>
        }
        extra={
          <>
            <OrderPaperButtons order={order} packed={!isMarketSale(order)} />
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ORDERS_PATH)} {...testId('order-back')}>
              Back to orders
            </Button>
          </>
        }
      />

      <PaymentAlerts order={order} />

      {isMarketSale(order) ? null : (
        <Card className="order-detail-card order-detail-toolbar" ref={toolbarRef}>
          <div className="order-detail-toolbar-status">
            <label htmlFor="order-status-select" className="order-detail-toolbar-label">
              Status
            </label>
            <Select<OrderStatusUpdate['status']>
              id="order-status-select"
              className="order-detail-status-select"
              value={settable ? (order.status as OrderStatusUpdate['status']) : undefined}
              placeholder={ORDER_STATUS_DISPLAY[order.status]?.text}
              options={STATUS_OPTIONS}
              onChange={(status) => void selectStatus(status)}
              disabled={saving}
              loading={saving}
              popupMatchSelectWidth={false}
              data-testid="order-status-select"
            />
          </div>
          {cancelOffered && (
            <Alert
              type="warning"
              showIcon
              className="order-detail-refunded-note"
              message="This order was refunded in full and has not been shipped."
              description="Cancel it so it is not sent; nothing is refunded again."
              data-testid="order-refunded-note"
            />
          )}
          {actions.length > 0 && (
            <div className="order-detail-actions">
              {actions.map((action) => (
                <Button
                  key={action.key}
                  type={action === actions[0] ? 'primary' : 'default'}
                  danger={action.danger}
                  disabled={saving}
                  onClick={() => void runAction(action)}
                  {...testId(`order-action-${action.key}`)}
                >
                  {action.label}
                </Button>
              ))}
            </div>
          )}
        </Card>
      )}

      <div className="order-detail-grid">
        <SummaryCard order={order} />
        <PaymentCard order={order} />
        <ProductsCard order={order} />
        {/* Issue 32: a stall sale was handed over and paid at the stall: nothing to ship, refund or map. */}
        {isMarketSale(order) ? (
          <MarketSaleCard order={order} />
        ) : (
          <>
            {order.pickup_day_id ? <PickupCard order={order} /> : <ShipmentCard order={order} />}
            <RefundCard
              order={order}
              onChanged={() => Promise.all([mutate(), revalidate(orderEventsKey(order.id)), refreshDashboard()])}
            />
            <RestockCard
              order={order}
              onChanged={() => Promise.all([mutate(), revalidate(orderEventsKey(order.id))])}
            />
            <MapCard order={order} />
          </>
        )}
        <OrderTimelineCard orderId={order.id} />
      </div>
      <ShipDialog
        open={shipAsk !== null}
        question={shipAsk?.question ?? ''}
        okText={shipAsk?.okText ?? ''}
        shippingMethod={shippingMethod}
        onShip={(answer) => answerShip(answer)}
        onCancel={() => answerShip(null)}
      />
      <Modal
        open={cancelling}
        title="Cancel this paid order?"
        onCancel={() => setCancelling(false)}
        footer={[
          <Button key="keep" onClick={() => setCancelling(false)} data-testid="cancel-keep">
            Keep order
          </Button>,
          <Button key="only" danger onClick={() => void cancel(false)} data-testid="cancel-only">
            Cancel only
          </Button>,
          <Button key="refund" type="primary" danger onClick={() => void cancel(true)} data-testid="cancel-and-refund">
            Cancel and refund {formatMoney(order.refundable_amount, order.currency_code)}
          </Button>,
        ]}
      >
        <p>
          The payer paid {formatMoney(order.transaction_gross_amount, order.currency_code)};{' '}
          {formatMoney(order.refundable_amount, order.currency_code)} can still be refunded through PayPal.
        </p>
        {linesToRestock(order).length > 0 ? (
          <Checkbox
            checked={restockOnCancel}
            onChange={(e) => setRestockOnCancel(e.target.checked)}
            data-testid="cancel-restock"
          >
            Put {unitsText(linesToRestock(order).reduce((sum, line) => sum + line.quantity, 0))} back in stock (
            {linesToRestock(order)
              .map((line) => `${line.quantity} × ${line.product}`)
              .join(', ')}
            )
          </Checkbox>
        ) : null}
      </Modal>
    </div>
  );
}
