import { ArrowLeftOutlined, FilePdfOutlined, ShopOutlined } from '@ant-design/icons';
import {
  type AdminMarketDayDetail,
  currencySymbol,
  formatAdminDate,
  formatMoney,
  MAX_MARKET_CASH,
  type MarketDayTotals,
  type MarketSale,
} from '@shop/shared/admin';
import { Alert, Button, Card, Descriptions, InputNumber, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAdminConfig } from '../../api/config';
import { closeMarketDay, openMarketDay, refreshMarketDays, useMarketDay, zReportUrl } from '../../api/market';
import { PageHeader } from '../../components/PageHeader';
import { handleWriteResult } from '../../components/write-result';
import { notify } from '../../../lib/notify';
import {
  cashDifference,
  differenceWord,
  hoursText,
  MARKET_PATH,
  MARKET_STATUS_TEXT,
  marketDateText,
  stallPath,
} from './market-days';
import './market.css';

type Money = (amount: number) => string;

const OPEN_ID = 'market-day-open';
const CLOSE_ID = 'market-day-close';
const STALL_ID = 'market-day-stall';
const REPORT_ID = 'market-day-z-report';

/** "−$1.50 short", "$0.50 over", "$0.00 exact". */
const differenceText = (difference: number, money: Money) => `${money(difference)} ${differenceWord(difference)}`;

interface CashDialogProps {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  /** Shown above the field. */
  intro: ReactNode;
  /** Shown under the field, from the amount typed so far. */
  preview?: (amount: number | null) => ReactNode;
  idPrefix: string;
  onCancel: () => void;
  onSubmit: (amount: number) => Promise<boolean>;
  /** Once the dialog has gone: the page puts the focus where the next step is. */
  onClosed: () => void;
  currency: string | undefined;
}

/** One amount of cash asked for (the float when opening, the count when closing); Enter sends it. */
function CashDialog({
  open,
  title,
  label,
  okText,
  intro,
  preview,
  idPrefix,
  onCancel,
  onSubmit,
  onClosed,
  currency,
}: CashDialogProps) {
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const fieldId = `${idPrefix}-input`;
  // antd's InputNumber hands out its own ref type; the field is found by its id instead.
  const focusField = () => document.getElementById(fieldId)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || !Number.isFinite(amount) || amount < 0) {
      setError('Enter the amount of cash, 0 or more');
      focusField();
      return;
    }
    setSending(true);
    const done = await onSubmit(amount);
    setSending(false);
    if (!done) focusField();
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      // The page moves the focus itself once the dialog has gone: to the next step after a change (the button
      // that opened the dialog is gone by then), back to that button after Cancel.
      focusTriggerAfterClose={false}
      afterOpenChange={(visible) => {
        if (visible) {
          focusField();
          return;
        }
        // Each time it opens it starts empty.
        setAmount(null);
        setError('');
        onClosed();
      }}
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid={`${idPrefix}-cancel`}>
          Cancel
        </Button>,
        <Button
          key="ok"
          type="primary"
          htmlType="submit"
          form={`${idPrefix}-form`}
          loading={sending}
          data-testid={`${idPrefix}-ok`}
        >
          {okText}
        </Button>,
      ]}
    >
      <form id={`${idPrefix}-form`} className="market-cash-form" onSubmit={(event) => void submit(event)} noValidate>
        {intro}
        <label htmlFor={fieldId} className="market-cash-label">
          {label}
        </label>
        <InputNumber<number>
          id={fieldId}
          value={amount}
          onChange={(value) => {
            setAmount(typeof value === 'number' ? value : null);
            setError('');
          }}
          min={0}
          max={MAX_MARKET_CASH}
          step={0.01}
          precision={2}
          prefix={currencySymbol(currency)}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="market-cash-input"
          data-testid={fieldId}
        />
        {error ? (
          <div id={`${fieldId}-error`} className="market-cash-error" role="alert">
            {error}
          </div>
        ) : null}
        {preview?.(amount)}
      </form>
    </Modal>
  );
}

function UnitsTable({ units, money }: { units: MarketDayTotals['units']; money: Money }) {
  return (
    <Table<MarketDayTotals['units'][number]>
      rowKey="product_id"
      size="small"
      pagination={false}
      dataSource={units}
      locale={{ emptyText: 'Nothing sold yet' }}
      data-testid="market-units"
      columns={[
        { title: 'Product', dataIndex: 'product' },
        { title: 'Units', dataIndex: 'quantity', align: 'right' },
        { title: 'Amount', dataIndex: 'amount', align: 'right', render: (value: number) => money(value) },
      ]}
    />
  );
}

/** The day's money in one list; the counted cash and the difference once the day is closed. */
function TotalsCard({ day, money }: { day: AdminMarketDayDetail; money: Money }) {
  const { totals } = day;
  const items = [
    { key: 'count', label: 'Sales', children: totals.sales_count },
    { key: 'total', label: 'Taken', children: money(totals.total) },
    { key: 'cash', label: 'Cash sales', children: money(totals.cash_total) },
    { key: 'card', label: 'Card sales', children: money(totals.card_total) },
    ...(totals.discount_total > 0
      ? [{ key: 'discount', label: 'Discounts given', children: money(totals.discount_total) }]
      : []),
    { key: 'float', label: 'Opening float', children: day.opening_cash === null ? '—' : money(day.opening_cash) },
    { key: 'expected', label: 'Expected cash', children: money(totals.expected_cash) },
    ...(day.status === 'CLOSED'
      ? [
          { key: 'counted', label: 'Counted cash', children: money(totals.counted_cash ?? 0) },
          {
            key: 'difference',
            label: 'Difference',
            children: totals.difference === null ? '—' : differenceText(totals.difference, money),
          },
        ]
      : []),
  ].map((item) => ({ ...item, children: <span data-testid={`market-total-${item.key}`}>{item.children}</span> }));
  return (
    <Card className="market-card" title={day.status === 'CLOSED' ? 'Summary of the day' : 'Running totals'}>
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" items={items} />
    </Card>
  );
}

function SalesTable({ sales, money }: { sales: readonly MarketSale[]; money: Money }) {
  const columns: TableColumnsType<MarketSale> = [
    {
      title: 'Sale',
      dataIndex: 'number',
      render: (number: string, sale) => <Link to={`/admin/orders/${encodeURIComponent(sale.id)}`}>{number}</Link>,
    },
    { title: 'Time', dataIndex: 'recorded_at', responsive: ['md'], render: (at: string) => formatAdminDate(at) },
    {
      title: 'Products',
      key: 'lines',
      responsive: ['sm'],
      render: (_: unknown, sale) => sale.lines.map((line) => `${line.quantity} × ${line.product}`).join(', '),
    },
    {
      title: 'Paid',
      dataIndex: 'payment',
      render: (payment: MarketSale['payment']) => (payment === 'cash' ? 'Cash' : 'Card'),
    },
    { title: 'Total', dataIndex: 'total', align: 'right', render: (total: number) => money(total) },
  ];
  return (
    <Table<MarketSale>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={[...sales].sort((a, b) => b.recorded_at.localeCompare(a.recorded_at))}
      pagination={sales.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
      locale={{ emptyText: 'No sales yet' }}
      data-testid="market-sales"
    />
  );
}

/** /admin/market/days/{id}: a market day in the office: open it, follow its sales, close it (issue 32 §1, §3). */
export default function MarketDayPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const day = useMarketDay(id);
  const currency = useAdminConfig().data?.shop.currency_code;
  const money: Money = (amount) => formatMoney(amount, currency);
  const [dialog, setDialog] = useState<'open' | 'close' | null>(null);
  // Where focus goes once a dialog changed the day: the next step's control, which only exists afterwards.
  const focusNext = useRef<'stall' | 'report' | null>(null);
  // By id: antd's Button gives no ref to the link it draws for an href (the Z-report).
  const focusAfterDialog = (triggerId: string) => {
    const next = focusNext.current === 'stall' ? STALL_ID : focusNext.current === 'report' ? REPORT_ID : triggerId;
    focusNext.current = null;
    document.getElementById(next)?.focus();
  };

  if (day.error) {
    return (
      <div className="market-page">
        <PageHeader title="Market day" />
        <Alert type="warning" showIcon title="This market day could not be loaded." />
        <Link to={MARKET_PATH}>Back to the market days</Link>
      </div>
    );
  }
  if (!day.data) return <div className="market-page" aria-busy="true" />;
  const data = day.data;

  const change = async (
    envelope: Promise<{ status: number; result: unknown }>,
    next: 'stall' | 'report',
    success: string,
  ) => {
    notify.loading();
    const reply = await envelope;
    if (handleWriteResult(reply, { method: 'post', success: { title: success } }) !== 'success') {
      void day.mutate();
      return false;
    }
    focusNext.current = next;
    // The day as it is now first, so the next step's control exists when the dialog has gone.
    await day.mutate();
    setDialog(null);
    void refreshMarketDays();
    return true;
  };

  const state = MARKET_STATUS_TEXT[data.status];
  return (
    <div className="market-page" data-testid="market-day-page">
      <PageHeader
        title={
          <span className="market-day-title">
            {data.place}{' '}
            <Tag color={state.color} data-testid="market-day-status">
              {state.text}
            </Tag>
          </span>
        }
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MARKET_PATH)} data-testid="market-day-back">
              Back
            </Button>
            {data.status === 'PLANNED' ? (
              <Button id={OPEN_ID} type="primary" onClick={() => setDialog('open')} data-testid="market-day-open">
                Open the day
              </Button>
            ) : null}
            {data.status === 'OPEN' ? (
              <>
                <Button
                  id={STALL_ID}
                  type="primary"
                  icon={<ShopOutlined />}
                  onClick={() => navigate(stallPath(data.id))}
                  data-testid="market-day-stall"
                >
                  Open the stall screen
                </Button>
                <Button id={CLOSE_ID} onClick={() => setDialog('close')} data-testid="market-day-close">
                  Close the day
                </Button>
              </>
            ) : null}
            {data.status === 'CLOSED' ? (
              <Button
                id={REPORT_ID}
                type="primary"
                icon={<FilePdfOutlined />}
                href={zReportUrl(data.id)}
                target="_blank"
                rel="noreferrer"
                data-testid="market-day-z-report"
              >
                Z-report (PDF)
              </Button>
            ) : null}
          </Space>
        }
      />
      <p className="market-day-when" data-testid="market-day-when">
        {marketDateText(data.date)} · {hoursText(data)} · {data.pickup ? 'Online orders collected here' : 'No pickup'}
      </p>
      <TotalsCard day={data} money={money} />
      <div className="market-columns">
        <Card className="market-card" title={`Sales (${data.totals.sales_count})`}>
          <SalesTable sales={data.sales} money={money} />
        </Card>
        <Card className="market-card" title="Units per product">
          <UnitsTable units={data.totals.units} money={money} />
        </Card>
      </div>
      {data.pickups.length > 0 ? (
        <Card className="market-card" title={`Pickups (${data.pickups.length})`}>
          <ul className="market-pickups">
            {data.pickups.map((pickup) => (
              <li key={pickup.id}>
                <Link to={`/admin/orders/${encodeURIComponent(pickup.id)}`}>{pickup.number}</Link> {pickup.name} ·{' '}
                {money(pickup.total)} · {pickup.status === 'COMPLETED' ? 'picked up' : 'waiting'}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <CashDialog
        open={dialog === 'open'}
        title="Open the market day"
        label="Opening cash float"
        okText="Open the day"
        idPrefix="market-open"
        currency={currency}
        intro={
          <p>
            Count the cash in the till before the first sale: it is what the till should hold besides the day's cash
            sales.
          </p>
        }
        onCancel={() => setDialog(null)}
        onSubmit={(amount) => change(openMarketDay(data.id, amount), 'stall', 'The market day is open')}
        onClosed={() => focusAfterDialog(OPEN_ID)}
      />
      <CashDialog
        open={dialog === 'close'}
        title="Close the market day"
        label="Counted cash"
        okText="Close the day"
        idPrefix="market-close"
        currency={currency}
        intro={
          <dl className="market-close-figures">
            <dt>Opening float</dt>
            <dd>{money(data.opening_cash ?? 0)}</dd>
            <dt>Cash sales</dt>
            <dd>{money(data.totals.cash_total)}</dd>
            <dt>Expected cash</dt>
            <dd data-testid="market-close-expected">{money(data.totals.expected_cash)}</dd>
            <dt>Card sales</dt>
            <dd data-testid="market-close-card">{money(data.totals.card_total)}</dd>
          </dl>
        }
        preview={(counted) => {
          const difference = cashDifference(data.totals.expected_cash, counted);
          return (
            <>
              <p className="market-close-difference" aria-live="polite" data-testid="market-close-difference">
                Difference: {difference === null ? '—' : differenceText(difference, money)}
              </p>
              <UnitsTable units={data.totals.units} money={money} />
            </>
          );
        }}
        onCancel={() => setDialog(null)}
        onSubmit={(amount) => change(closeMarketDay(data.id, amount), 'report', 'The market day is closed')}
        onClosed={() => focusAfterDialog(CLOSE_ID)}
      />
    </div>
  );
}
