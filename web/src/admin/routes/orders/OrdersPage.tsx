import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type AdminOrderListItem,
  cancelledWithoutRefund,
  formatLongDate,
  formatMoney,
  ORDER_STATUS_DISPLAY,
  type OrderStatus,
  REFUND_STATE_TEXT,
} from '@shop/shared/admin';
import {
  Button,
  Card,
  Grid,
  Input,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import { type HTMLAttributes, lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { refreshDashboard } from '../../api/dashboard';
import { type OrdersListParams, useAdminOrders, useSalesGraph } from '../../api/orders';
import { useLoadingOverlay } from '../../components/LoadingOverlay';
import { RefundMarker } from '../../components/RefundMarker';
import { isMarketSale, marketMarkerText } from './detail/MarketSaleCard';
import { CHANNEL_FILTER_LABELS, ChannelFilter } from './ChannelFilter';
import { PageHeader } from '../../components/PageHeader';
import {
  ORDERS_TABS,
  ordersFiltersToSearchParams,
  PAGE_SIZES,
  parseOrdersFilters,
  statusesFor,
  switchTab,
} from './orders-filters';
import { OrdersBulkBar } from './OrdersBulkBar';
import { OrdersEmpty } from './OrdersEmpty';
import { SelectionPaperButtons } from './PaperworkButtons';
import './orders.css';

// echarts is the heaviest part of the screen; the table must not wait for it.
const SalesLineChart = lazy(() => import('../../charts/SalesLineChart'));

/** Short names for the status filter; the tags in the rows carry SPEC §4's full texts. */
const STATUS_FILTER_LABELS: Record<OrderStatus, string> = {
  NEW: 'New',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
};

interface TextFilterProps {
  dropdown: FilterDropdownProps;
  placeholder: string;
  /** Prefix of the input's and buttons' data-testid. */
  testId: string;
}

/** SPEC §2: the text filters have Search and Reset buttons; Enter searches too. */
function TextFilter({ dropdown, placeholder, testId }: TextFilterProps) {
  const { selectedKeys, setSelectedKeys, confirm, clearFilters } = dropdown;
  const value = selectedKeys[0] === undefined ? '' : String(selectedKeys[0]);
  return (
    <div className="orders-text-filter" onKeyDown={(event) => event.stopPropagation()}>
      <Input
        placeholder={placeholder}
        value={value}
        maxLength={100}
        allowClear
        onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
        onPressEnter={() => confirm()}
        data-testid={`${testId}-input`}
      />
      <Space className="orders-text-filter-buttons">
        <Button
          type="primary"
          size="small"
          icon={<SearchOutlined />}
          onClick={() => confirm()}
          data-testid={`${testId}-search`}
        >
          Search
        </Button>
        <Button
          size="small"
          onClick={() => {
            clearFilters?.({ confirm: true, closeDropdown: true });
          }}
          data-testid={`${testId}-reset`}
        >
          Reset
        </Button>
      </Space>
    </div>
  );
}

const firstText = (values: readonly unknown[] | null | undefined) =>
  values && values.length > 0 ? String(values[0]) : '';

function StatusTag({ status }: { status: OrderStatus }) {
  const display = ORDER_STATUS_DISPLAY[status] ?? { text: status, color: 'default' };
  return (
    <Tag color={display.color} className="orders-status-tag">
      {display.text}
    </Tag>
  );
}

/**
 * More bulk actions on the selected orders, rendered in the bulk bar after its own (helper C14: "Print slips"
 * and "Pick list"). Return null to add nothing.
 */
function extraBulkActions(selected: AdminOrderListItem[]): ReactNode {
  return <SelectionPaperButtons ids={selected.map((order) => order.id)} />;
}

/**
 * Issue 25 §1.5: the filters in force, said plainly above the table (a search follows from Open to Archive),
 * each with its own ×, and one button that clears them all.
 */
function ActiveFilters({
  filters,
  onChange,
}: {
  filters: OrdersListParams;
  onChange: (next: OrdersListParams) => void;
}) {
  const chips: { key: string; text: string; clear: () => OrdersListParams }[] = [];
  if (filters.number) {
    chips.push({ key: 'number', text: `Order number: ${filters.number}`, clear: () => ({ ...filters, number: '' }) });
  }
  if (filters.search) {
    chips.push({ key: 'search', text: `Customer: ${filters.search}`, clear: () => ({ ...filters, search: '' }) });
  }
  if (filters.status.length > 0) {
    chips.push({
      key: 'status',
      text: `Status: ${filters.status.map((status) => STATUS_FILTER_LABELS[status]).join(', ')}`,
      clear: () => ({ ...filters, status: [] }),
    });
  }
  if (filters.channel) {
    chips.push({
      key: 'channel',
      text: `Channel: ${CHANNEL_FILTER_LABELS[filters.channel]}`,
      clear: () => ({ ...filters, channel: undefined }),
    });
  }
  if (chips.length === 0) return null;
  return (
    <div className="orders-active-filters" role="status" data-testid="orders-active-filters">
      <span className="orders-active-filters-label">Filtered by</span>
      {chips.map((chip) => (
        <Tag
          key={chip.key}
          closable
          closeIcon={<CloseOutlined aria-label={`Remove filter ${chip.text}`} />}
          onClose={(event) => {
            event.preventDefault();
            onChange({ ...chip.clear(), page: 1 });
          }}
          data-testid={`orders-filter-chip-${chip.key}`}
        >
          {chip.text}
        </Tag>
      ))}
      <Button
        size="small"
        type="link"
        onClick={() => onChange({ ...filters, page: 1, number: '', search: '', status: [], channel: undefined })}
        data-testid="orders-clear-filters"
      >
        Clear filters
      </Button>
    </div>
  );
}

/**
 * A refunded order's amount is what was paid, struck through in part or in full by the marker beside its
 * status; said in the cell too, so the amount never reads as money kept (issue 30 §1).
 */
function AmountCell({ order }: { order: AdminOrderListItem }) {
  return (
    <span
      className={order.refund_state === 'FULLY' ? 'orders-amount orders-amount--refunded' : 'orders-amount'}
      data-testid={`order-amount-${order.number}`}
    >
      {formatMoney(order.transaction_gross_amount, order.currency_code)}
      {order.refund_state === 'PARTLY' || order.refund_state === 'FULLY' ? (
        <span className="admin-sr-only">, {REFUND_STATE_TEXT[order.refund_state].toLowerCase()}</span>
      ) : null}
    </span>
  );
}

/** A click on a row's checkbox selects it; only a click elsewhere on the row opens the order. */
const inSelectionCell = (target: EventTarget) =>
  target instanceof Element && target.closest('.ant-table-selection-column') !== null;

/** SPEC §2 Orders list: Open and Archive tabs, the sales chart on Open, the filterable table. */
export default function OrdersPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseOrdersFilters(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: OrdersListParams) => setSearchParams(ordersFiltersToSearchParams(next)),
    [setSearchParams],
  );

  // On a phone (below md) the list is two columns, the order (number, customer, amount, date stacked) and its
  // status, so nothing needs sideways scroll (issue 31 §11); the pager gets compact.
  const phone = !Grid.useBreakpoint().md;
  const orders = useAdminOrders(filters);
  // The selection survives paging (ids and rows kept here); changing tab or filters keeps it too, so an admin
  // can gather orders from several searches before acting on them.
  const [selection, setSelection] = useState<Map<string, AdminOrderListItem>>(() => new Map());
  const selectedRows = useMemo(() => [...selection.values()], [selection]);
  const clearSelection = useCallback(() => setSelection(new Map()), []);
  const graph = useSalesGraph(filters.tab === 'open');
  const points = graph.data ?? [];
  const showChart = filters.tab === 'open' && points.length > 0;
  // SPEC §2: one loader while the first table data (or the chart) is still on its way.
  const firstLoad = !orders.data && (orders.isLoading || (filters.tab === 'open' && graph.isLoading));
  useLoadingOverlay(firstLoad);

  const tabStatuses = statusesFor(filters.tab);
  const columns: TableColumnsType<AdminOrderListItem> = [
    {
      key: 'number',
      title: 'Order',
      dataIndex: 'number',
      width: phone ? undefined : 150,
      filteredValue: filters.number ? [filters.number] : null,
      filterDropdown: (dropdown) => (
        <TextFilter dropdown={dropdown} placeholder="Order number" testId="orders-filter-number" />
      ),
      filterIcon: (filtered) => <SearchOutlined className={filtered ? 'orders-filter-active' : undefined} />,
      render: (number: string, order) =>
        phone ? (
          <div className="orders-stacked" data-testid={`order-stacked-${order.number}`}>
            <span className="orders-number">{number}</span>
            <span className="orders-payer-name">{order.payer_full_name || order.payer_email_address || '-'}</span>
            <AmountCell order={order} />
            <span className="orders-date">{formatLongDate(order.created_at)}</span>
          </div>
        ) : (
          <span className="orders-number">{number}</span>
        ),
    },
    {
      key: 'payer',
      title: 'Customer',
      dataIndex: 'payer_full_name',
      width: 250,
      responsive: ['md'],
      sorter: true,
      sortDirections: ['ascend', 'descend'],
      sortOrder: filters.sort === 'ASC' ? 'ascend' : filters.sort === 'DESC' ? 'descend' : null,
      filteredValue: filters.search ? [filters.search] : null,
      filterDropdown: (dropdown) => (
        <TextFilter dropdown={dropdown} placeholder="Name or email" testId="orders-filter-payer" />
      ),
      filterIcon: (filtered) => <SearchOutlined className={filtered ? 'orders-filter-active' : undefined} />,
      render: (_name: string, order) => (
        <div className="orders-payer">
          <span className="orders-payer-name">{order.payer_full_name || '-'}</span>
          <Typography.Text type="secondary" className="orders-payer-email">
            {order.payer_email_address}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      dataIndex: 'transaction_gross_amount',
      align: 'right',
      width: 120,
      responsive: ['md'],
      render: (_amount: string, order) => <AmountCell order={order} />,
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      width: phone ? 130 : 180,
      filters: tabStatuses.map((status) => ({ text: STATUS_FILTER_LABELS[status], value: status })),
      filteredValue: filters.status.length > 0 ? filters.status : null,
      render: (status: OrderStatus, row: AdminOrderListItem) => (
        <>
          <StatusTag status={status} />
          {/* Issue 32: a sale at the market stall, COMPLETED when recorded, so in the Archive. */}
          {isMarketSale(row) ? (
            <Tag className="orders-status-tag" data-testid={`order-market-${row.number}`}>
              {marketMarkerText(row)}
            </Tag>
          ) : null}
          <RefundMarker
            state={row.refund_state}
            className="orders-status-tag"
            testId={`order-refund-marker-${row.number}`}
          />
          {cancelledWithoutRefund(row) ? (
            <Tag color="volcano" className="orders-status-tag" data-testid={`order-not-refunded-${row.number}`}>
              Paid, not refunded
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      key: 'created_at',
      title: 'Date',
      dataIndex: 'created_at',
      width: 190,
      responsive: ['md'],
      render: (date: string) => <span className="orders-date">{formatLongDate(date)}</span>,
    },
  ];

  const onTableChange: TableProps<AdminOrderListItem>['onChange'] = (pagination, tableFilters, sorter, extra) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = single?.columnKey === 'payer' && single.order ? (single.order === 'ascend' ? 'ASC' : 'DESC') : null;
    const status = (tableFilters.status ?? [])
      .map(String)
      .filter((s): s is OrderStatus => (tabStatuses as readonly string[]).includes(s));
    const size = pagination.pageSize ?? filters.size;
    // A new filter, sort or page size starts again at page 1; only paging keeps the chosen page.
    const page = extra.action === 'paginate' && size === filters.size ? (pagination.current ?? 1) : 1;
    setFilters({
      ...filters,
      page,
      size,
      number: firstText(tableFilters.number).trim(),
      search: firstText(tableFilters.payer).trim(),
      status,
      sort,
    });
  };

  return (
    <div className="orders-page">
      <PageHeader
        title="Orders"
        tabs={ORDERS_TABS}
        tab={filters.tab}
        onTabChange={(tab) => setFilters(switchTab(filters, tab))}
      />

      {firstLoad ? (
        <div className="orders-loading" data-testid="orders-loading">
          <Spin size="large" />
        </div>
      ) : (
        <>
          {showChart && (
            <Card className="orders-card orders-chart-card" title="Sales overview" data-testid="orders-chart">
              <Suspense fallback={<div className="orders-chart-placeholder" />}>
                <SalesLineChart points={points} />
              </Suspense>
            </Card>
          )}

          <Card className="orders-card orders-table-card" data-testid="orders-table">
            <OrdersBulkBar
              selected={selectedRows}
              filters={filters}
              onChanged={() => {
                clearSelection();
                void orders.mutate();
                // As after a change on the order page: the drawer's badge, the dashboard and the chart follow.
                void graph.mutate();
                void refreshDashboard();
              }}
              onClearSelection={clearSelection}
              extraActions={extraBulkActions(selectedRows)}
            />
            {filters.tab === 'archive' ? (
              <ChannelFilter
                value={filters.channel}
                onChange={(channel) => setFilters({ ...filters, page: 1, channel })}
              />
            ) : null}
            <ActiveFilters filters={filters} onChange={setFilters} />
            <Table<AdminOrderListItem>
              rowKey="id"
              rowSelection={{
                selectedRowKeys: [...selection.keys()],
                preserveSelectedRowKeys: true,
                columnWidth: 44,
                getCheckboxProps: (order) => ({ 'aria-label': `Select order ${order.number}` }) as never,
                onChange: (keys, rows) => {
                  const next = new Map<string, AdminOrderListItem>();
                  for (const key of keys) {
                    const id = String(key);
                    const row = rows.find((r) => r?.id === id) ?? selection.get(id);
                    if (row) next.set(id, row);
                  }
                  setSelection(next);
                },
              }}
              columns={columns}
              // While a new page size or tab loads, the kept previous page may hold more rows than the new size.
              dataSource={(orders.data?.items ?? []).slice(0, filters.size)}
              // keepPreviousData leaves the last page on screen; the spinner marks it as being replaced.
              loading={orders.isLoading}
              onChange={onTableChange}
              // The columns plus the 44 px selection column: 934 px fits the 1280 px screen beside the menu
              // without sideways scroll (the longest status tag wraps to two lines).
              scroll={phone ? undefined : { x: 934 }}
              locale={{ emptyText: <OrdersEmpty filters={filters} /> }}
              rowClassName="orders-row"
              onRow={(order) =>
                ({
                  onClick: (event) => {
                    if (!inSelectionCell(event.target)) navigate(`/admin/orders/${order.id}`);
                  },
                  onKeyDown: (event) => {
                    if (event.key === 'Enter' && !inSelectionCell(event.target)) navigate(`/admin/orders/${order.id}`);
                  },
                  tabIndex: 0,
                  'data-testid': `order-row-${order.number}`,
                }) as HTMLAttributes<HTMLElement>
              }
              pagination={{
                current: filters.page,
                pageSize: filters.size,
                total: orders.data?.count ?? 0,
                showSizeChanger: true,
                size: phone ? 'small' : 'medium',
                showLessItems: phone,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => `${total} ${total === 1 ? 'order' : 'orders'}`,
              }}
            />
          </Card>
        </>
      )}
    </div>
  );
}
