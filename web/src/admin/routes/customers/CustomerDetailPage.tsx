import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  type AdminOrderListItem,
  formatLongDate,
  formatMoney,
  formatTableDate,
  ORDER_STATUS_DISPLAY,
  type OrderStatus,
} from '@shop/shared/admin';
import { Button, Card, Grid, Spin, Table, type TableColumnsType, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAdminCustomer } from '../../api/customers';
import { PageHeader } from '../../components/PageHeader';
import { RefundMarker } from '../../components/RefundMarker';
import { useLeaveOnLoadError } from '../../components/record-form';
import './customers.css';

const CUSTOMERS_PATH = '/admin/customers';

/** "11/27/2026": the table date (SPEC §9 MM/DD/YYYY) without its time. */
const formatTableDay = (iso: string) => formatTableDate(iso).split(' ')[0];

function StatusTag({ status }: { status: OrderStatus }) {
  const display = ORDER_STATUS_DISPLAY[status] ?? { text: status, color: 'default' };
  return (
    // The status colours stay as background and border; the text is dark enough on each of them (WCAG AA).
    <Tag color={display.color} className="customers-status-tag" style={{ color: '#262626' }}>
      {display.text}
    </Tag>
  );
}

/** A customer (issue 24 §2): who they are, what they spent net of refunds, and every order, each a link. */
export default function CustomerDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  // Below sm the status column is hidden: the refund marker then goes under the amount.
  const statusShown = screens.sm !== false;
  const { data: customer, error } = useAdminCustomer(id);
  // SPEC §8: a record that cannot be loaded (or no longer exists) sends the admin back to the list.
  useLeaveOnLoadError(error, CUSTOMERS_PATH);

  if (!customer) {
    return (
      <div className="customers-loading" data-testid="customer-loading">
        <Spin size="large" />
      </div>
    );
  }

  const currency = customer.currency_code;
  const columns: TableColumnsType<AdminOrderListItem> = [
    {
      key: 'number',
      title: 'Order',
      dataIndex: 'number',
      render: (number: string, order) => (
        <Link to={`/admin/orders/${order.id}`} className="customer-detail-number" data-testid="customer-order-link">
          {number}
        </Link>
      ),
    },
    {
      key: 'created_at',
      title: 'Date',
      dataIndex: 'created_at',
      // A phone gets the short date, so the three columns fit its width.
      render: (date: string) => (
        <span className="customers-date">{phone ? formatTableDay(date) : formatLongDate(date)}</span>
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      dataIndex: 'transaction_gross_amount',
      align: 'right',
      render: (amount: string, order) => (
        <>
          <span className="customers-amount">{formatMoney(amount, order.currency_code)}</span>
          {statusShown ? null : (
            <RefundMarker
              state={order.refund_state}
              className="customers-status-tag customers-refund-marker"
              testId={`customer-order-refund-${order.number}`}
            />
          )}
        </>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      responsive: ['sm'],
      render: (status: OrderStatus, order) => (
        <>
          <StatusTag status={status} />
          {statusShown ? (
            <RefundMarker
              state={order.refund_state}
              className="customers-status-tag customers-refund-marker"
              testId={`customer-order-refund-${order.number}`}
            />
          ) : null}
        </>
      ),
    },
  ];

  const facts = [
    {
      label: 'Email',
      value: <a href={`mailto:${customer.email}`}>{customer.email}</a>,
      testId: 'customer-email',
    },
    { label: 'Orders', value: String(customer.orders_count), testId: 'customer-orders-count' },
    { label: 'Total spent', value: formatMoney(customer.total_spent, currency), testId: 'customer-total-spent' },
    // SPEC §9's table dates, as the customers list and the other tables write them (issue 31 §23).
    { label: 'First order', value: formatTableDate(customer.first_order_at), testId: 'customer-first-order' },
    { label: 'Last order', value: formatTableDate(customer.last_order_at), testId: 'customer-last-order' },
  ];

  return (
    <div className="customer-detail-page">
      <PageHeader
        title={<span data-testid="customer-title">{customer.name || customer.email}</span>}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(CUSTOMERS_PATH)} data-testid="customer-back">
            Back to customers
          </Button>
        }
      />
      <Card title="Customer" className="customer-detail-card" data-testid="customer-facts">
        <dl className="customer-detail-facts">
          {facts.map((fact) => (
            <div key={fact.label} style={{ display: 'contents' }}>
              <dt>{fact.label}</dt>
              <dd data-testid={fact.testId}>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <p className="customers-note">Total spent is what the customer paid, less what was refunded.</p>
      </Card>
      <Card title="Order history" className="customer-detail-card" data-testid="customer-orders">
        <Table<AdminOrderListItem>
          rowKey="id"
          tableLayout={phone ? 'fixed' : undefined}
          columns={columns}
          dataSource={customer.orders}
          size={phone ? 'small' : 'middle'}
          pagination={customer.orders.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        />
      </Card>
    </div>
  );
}
