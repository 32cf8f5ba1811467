import {
  ANALYTICS_FIRST_YEAR,
  type AnalyticsType,
  type Bestseller,
  type CategorySales,
  type CouponSales,
  formatMoney,
  type SalesRow,
} from '@shop/shared/admin';
import { Alert, Card, Col, DatePicker, Empty, Row, Spin, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { assetUrl } from '../../../lib/api';
import { useAnalytics } from '../../api/analytics';
import { useAdminConfig } from '../../api/config';
import { hasMonthlySales, hasYearlySales, monthName } from '../../charts/analytics-charts';
import UsMap from '../../charts/UsMap';
import { PageHeader } from '../../components/PageHeader';
import { analyticsYearToSearchParams, latestAnalyticsYear, parseAnalyticsYear } from './analytics-year';
import { ChannelTable, hasChannelSales, PlacesTable } from './ChannelTables';
import { ScrollTable } from './ScrollTable';
import './analytics.css';

// echarts is the heaviest part of the screen; the cards and the table must not wait for it.
const YearlySalesChart = lazy(() => import('../../charts/YearlySalesChart'));
const MonthlySalesChart = lazy(() => import('../../charts/MonthlySalesChart'));
const CategoriesPieChart = lazy(() => import('../../charts/CategoriesPieChart'));

/** The map's markers (SPEC §9). */
const MAP_MARKER_RADIUS = 8;

interface FigureCardProps {
  type: AnalyticsType;
  title: string;
  /** The figures are in and there is something to draw. */
  hasData: boolean;
  loading: boolean;
  failed: boolean;
  /** data-testid of the chart or table inside the card. */
  testId: string;
  children: ReactNode;
}

/** One card of the screen: a spinner while its figures load, "No data" for an empty set (SPEC §2). */
function FigureCard({ type, title, hasData, loading, failed, testId, children }: FigureCardProps) {
  let body: ReactNode;
  if (failed && !hasData) {
    // The notice itself comes from SWR's global error handler; the card only says what is missing.
    body = <Alert type="warning" showIcon title="These figures could not be loaded." className="analytics-alert" />;
  } else if (hasData) {
    body = (
      <div data-testid={testId}>
        <Suspense fallback={<div className="analytics-chart-placeholder" />}>{children}</Suspense>
      </div>
    );
  } else if (loading) {
    body = <div className="analytics-chart-placeholder" />;
  } else {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No data"
        className="analytics-empty"
        data-testid={`analytics-empty-${type}`}
      />
    );
  }
  return (
    <Card className="analytics-card" title={title}>
      <Spin spinning={loading}>{body}</Spin>
    </Card>
  );
}

/** Money column of the figure tables; amounts that are taken off (refunds, fees) are written negative. */
const moneyColumn = <T,>(
  key: string,
  title: string,
  amount: (row: T) => number,
  currency: string | undefined,
  options: { takenOff?: boolean; responsive?: Array<'sm' | 'md'> } = {},
): TableColumnsType<T>[number] => ({
  key,
  title,
  align: 'right',
  responsive: options.responsive,
  render: (_: unknown, row: T) => {
    const value = amount(row);
    return formatMoney(options.takenOff && value !== 0 ? -value : value, currency);
  },
});

/**
 * Issue 30 §3: the ledger's five figures of each year or month, Gross − Refunds − Fees = Net across a row
 * (Sales = Gross − Refunds in between), so the charts' figures can be read and checked to the cent.
 */
const salesColumns = (periodTitle: string, period: (id: string) => string, currency: string | undefined) =>
  [
    { key: 'id', title: periodTitle, dataIndex: 'id', render: (id: string) => period(id) },
    moneyColumn<SalesRow>('gross', 'Gross', (r) => r.gross_amount, currency),
    moneyColumn<SalesRow>('refunds', 'Refunds', (r) => r.refunded_amount, currency, { takenOff: true }),
    moneyColumn<SalesRow>('fees', 'Fees', (r) => r.fee_amount, currency, { takenOff: true }),
    moneyColumn<SalesRow>('sales', 'Sales', (r) => r.sales_amount, currency),
    moneyColumn<SalesRow>('net', 'Net', (r) => r.net_amount, currency),
  ] satisfies TableColumnsType<SalesRow>;

function SalesTable({
  rows,
  columns,
  caption,
  testId,
}: {
  rows: readonly SalesRow[];
  columns: TableColumnsType<SalesRow>;
  caption: string;
  testId: string;
}) {
  return (
    <ScrollTable<SalesRow>
      rows={rows}
      columns={columns}
      rowKey="id"
      caption={caption}
      testId={testId}
      className="analytics-sales-table"
    />
  );
}

const categoryColumns = (currency: string | undefined): TableColumnsType<CategorySales> => [
  {
    key: 'name',
    title: 'Category',
    dataIndex: 'name',
    render: (name: string) => <span className="analytics-name">{name}</span>,
  },
  { key: 'units', title: 'Units', dataIndex: 'value', align: 'right', width: 80 },
  moneyColumn<CategorySales>('sales', 'Sales', (c) => c.sales_amount, currency),
];

const bestsellerColumns = (currency: string | undefined): TableColumnsType<Bestseller> => [
  {
    key: 'img',
    title: 'Image',
    dataIndex: 'img',
    width: 76,
    // A phone keeps the room for the name and the figures.
    responsive: ['sm'],
    render: (img: Bestseller['img'], product) =>
      img ? (
        <img className="analytics-thumb" src={assetUrl(img.id, 'thumbnail')} alt={product.name} loading="lazy" />
      ) : (
        <div className="analytics-thumb analytics-thumb-none" aria-hidden="true" />
      ),
  },
  {
    key: 'name',
    title: 'Name',
    dataIndex: 'name',
    render: (name: string) => <span className="analytics-name">{name}</span>,
  },
  { key: 'sells', title: 'Units', dataIndex: 'sells', align: 'right', width: 70 },
  moneyColumn<Bestseller>('sales', 'Sales', (p) => p.sales_amount, currency),
];

/** Issue 24 §3: the year's orders by discount code. The shop has one currency (the settings'). */
const couponColumns = (currency: string | undefined): TableColumnsType<CouponSales> => [
  {
    key: 'code',
    title: 'Code',
    dataIndex: 'code',
    render: (code: string) => <span className="analytics-name">{code}</span>,
  },
  // Issue 30 §3: an order refunded in full is not a paid use; it is counted apart.
  { key: 'orders', title: 'Paid uses', dataIndex: 'orders', align: 'right', width: 80 },
  { key: 'refunded_orders', title: 'Refunded', dataIndex: 'refunded_orders', align: 'right', width: 80 },
  moneyColumn<CouponSales>('discount', 'Discount given', (c) => c.discount_amount, currency, { responsive: ['sm'] }),
  moneyColumn<CouponSales>('gross', 'Gross', (c) => c.gross_amount, currency, { responsive: ['md'] }),
  moneyColumn<CouponSales>('refunds', 'Refunds', (c) => c.refunded_amount, currency, {
    takenOff: true,
    responsive: ['md'],
  }),
  moneyColumn<CouponSales>('sales', 'Sales', (c) => c.sales_amount, currency),
];

/** SPEC §2 Analytics: one year's sales, categories, best-sellers, order locations and discount codes. */
export default function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const year = useMemo(() => parseAnalyticsYear(searchParams), [searchParams]);
  const setYear = useCallback((next: number) => setSearchParams(analyticsYearToSearchParams(next)), [setSearchParams]);

  const yearly = useAnalytics('year', year);
  const monthly = useAnalytics('month', year);
  const categories = useAnalytics('categories', year);
  const bestsellers = useAnalytics('bestseller', year);
  const map = useAnalytics('map', year);
  const coupons = useAnalytics('coupons', year);
  const channels = useAnalytics('channels', year);
  const places = useAnalytics('places', year);
  const currency = useAdminConfig().data?.shop.currency_code;

  const points = useMemo(() => (map.data ?? []).map((point) => point.coordinates), [map.data]);
  const firstYear = useMemo(() => dayjs(new Date(ANALYTICS_FIRST_YEAR, 0, 1)), []);
  const lastYear = useMemo(() => dayjs(new Date(latestAnalyticsYear(), 0, 1)), []);

  // The test id sits on a wrapper that also names the year in text: an input's value is not its text.
  const yearPicker = (
    <div className="analytics-year" data-testid="analytics-year">
      <DatePicker
        picker="year"
        value={dayjs(new Date(year, 0, 1))}
        minDate={firstYear}
        maxDate={lastYear}
        disabledDate={(date: Dayjs) => date.year() < ANALYTICS_FIRST_YEAR || date.year() > lastYear.year()}
        allowClear={false}
        inputReadOnly
        onChange={(date: Dayjs | null) => {
          if (date) setYear(date.year());
        }}
        aria-label="Year"
        className="analytics-year-picker"
        data-testid="analytics-year-input"
      />
      {/* Screen readers hear which year the figures below are for when it changes. */}
      <span className="visually-hidden" aria-live="polite">
        Figures for {year}
      </span>
    </div>
  );

  return (
    <div className="analytics-page">
      <PageHeader title="Analytics" extra={yearPicker} />

      <Row gutter={[20, 20]}>
        {/* The sales cards take the full width: their tables have six money columns. */}
        <Col xs={24}>
          <FigureCard
            type="year"
            title="Sales by year"
            hasData={hasYearlySales(yearly.data ?? [])}
            loading={yearly.isLoading}
            failed={Boolean(yearly.error)}
            testId="analytics-year-chart"
          >
            <YearlySalesChart rows={yearly.data ?? []} />
            <SalesTable
              rows={yearly.data ?? []}
              columns={salesColumns('Year', (id) => id, currency)}
              caption="Sales by year"
              testId="analytics-year-table"
            />
          </FigureCard>
        </Col>
        <Col xs={24}>
          <FigureCard
            type="month"
            title={`Sales by month, ${year}`}
            hasData={hasMonthlySales(monthly.data ?? [])}
            loading={monthly.isLoading}
            failed={Boolean(monthly.error)}
            testId="analytics-month-chart"
          >
            <MonthlySalesChart rows={monthly.data ?? []} />
            <SalesTable
              rows={monthly.data ?? []}
              columns={salesColumns('Month', monthName, currency)}
              caption={`Sales by month, ${year}`}
              testId="analytics-month-table"
            />
          </FigureCard>
        </Col>
        {/* Issue 32: the same Sales, split between the online shop and the market stall. */}
        <Col xs={24}>
          <FigureCard
            type="channels"
            title={`Online and market, ${year}`}
            hasData={hasChannelSales(channels.data ?? [])}
            loading={channels.isLoading}
            failed={Boolean(channels.error)}
            testId="analytics-channels"
          >
            <ChannelTable rows={channels.data ?? []} currency={currency} year={year} />
          </FigureCard>
        </Col>
        <Col xs={24} xl={12}>
          <FigureCard
            type="categories"
            title="Units sold by category"
            hasData={(categories.data ?? []).length > 0}
            loading={categories.isLoading}
            failed={Boolean(categories.error)}
            testId="analytics-categories-chart"
          >
            <CategoriesPieChart items={categories.data ?? []} />
            <div className="analytics-table-scroll" data-testid="analytics-categories-table">
              <Table<CategorySales>
                rowKey="id"
                size="small"
                columns={categoryColumns(currency)}
                dataSource={categories.data ?? []}
                pagination={false}
              />
            </div>
          </FigureCard>
        </Col>
        <Col xs={24} xl={12}>
          <FigureCard
            type="bestseller"
            title="Best sellers"
            hasData={(bestsellers.data ?? []).length > 0}
            loading={bestsellers.isLoading}
            failed={Boolean(bestsellers.error)}
            testId="analytics-bestsellers"
          >
            <div className="analytics-table-scroll">
              <Table<Bestseller>
                rowKey="id"
                size="small"
                columns={bestsellerColumns(currency)}
                dataSource={bestsellers.data ?? []}
                pagination={false}
              />
            </div>
          </FigureCard>
        </Col>
        <Col xs={24} xl={12}>
          <FigureCard
            type="coupons"
            title={`Sales by discount code, ${year}`}
            hasData={(coupons.data ?? []).length > 0}
            loading={coupons.isLoading}
            failed={Boolean(coupons.error)}
            testId="analytics-coupons"
          >
            <div className="analytics-table-scroll">
              <Table<CouponSales>
                rowKey="code"
                size="small"
                columns={couponColumns(currency)}
                dataSource={coupons.data ?? []}
                pagination={false}
              />
            </div>
          </FigureCard>
        </Col>
        {/* Issue 32: beside the discount codes, the stall's sales per market place. */}
        <Col xs={24} xl={12}>
          <FigureCard
            type="places"
            title={`Sales by market, ${year}`}
            hasData={(places.data ?? []).length > 0}
            loading={places.isLoading}
            failed={Boolean(places.error)}
            testId="analytics-places"
          >
            <PlacesTable rows={places.data ?? []} currency={currency} />
          </FigureCard>
        </Col>
        <Col xs={24}>
          <FigureCard
            type="map"
            title="Where the orders went"
            hasData={points.length > 0}
            loading={map.isLoading}
            failed={Boolean(map.error)}
            testId="analytics-map-card"
          >
            <div className="analytics-map">
              <UsMap points={points} markerRadius={MAP_MARKER_RADIUS} testId="analytics-map" label="Order locations" />
            </div>
          </FigureCard>
        </Col>
      </Row>
    </div>
  );
}
