import { DownloadOutlined } from '@ant-design/icons';
import { type AdminCustomer, type CustomerSortColumn, formatLongDate, formatMoney } from '@shop/shared/admin';
import { Button, Card, Grid, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { type HTMLAttributes, useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { type CustomersListParams, customersExportUrl, useAdminCustomers } from '../../api/customers';
import { PageHeader } from '../../components/PageHeader';
import { customersFiltersToSearchParams, PAGE_SIZES, parseCustomersFilters } from './customers-filters';
import './customers.css';

/** A click on the name's link is the link's own; a click elsewhere on the row opens the customer too. */
const onLink = (target: EventTarget) => target instanceof Element && target.closest('a') !== null;

/**
 * Customers (issue 24 §2): everyone who paid, grouped by payer email, with their orders and what they spent
 * net of refunds. Search, sort and page live in the URL like the orders list's.
 */
export default function CustomersPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseCustomersFilters(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: CustomersListParams) => setSearchParams(customersFiltersToSearchParams(next)),
    [setSearchParams],
  );
  const phone = !Grid.useBreakpoint().md;
  const customers = useAdminCustomers(filters);

  const sortOrder = (column: CustomerSortColumn): SortOrder =>
    filters.sort?.[0] === column ? (filters.sort[1] === 'ASC' ? 'ascend' : 'descend') : null;
  const sortable = (column: CustomerSortColumn) => ({
    key: column,
    sorter: true,
    sortDirections: ['ascend', 'descend'] as SortOrder[],
    sortOrder: sortOrder(column),
  });

  const columns: TableColumnsType<AdminCustomer> = [
    {
      ...sortable('name'),
      title: 'Customer',
      dataIndex: 'name',
      width: phone ? undefined : 260,
      render: (_name: string, customer) => (
        <div className="customers-who">
          <Link to={`/admin/customers/${customer.id}`} className="customers-name" data-testid="customer-link">
            {customer.name || customer.email}
          </Link>
          <span className="customers-email">{customer.email}</span>
        </div>
      ),
    },
    {
      ...sortable('orders_count'),
      title: 'Orders',
      dataIndex: 'orders_count',
      align: 'right',
      width: phone ? 92 : 100,
    },
    {
      ...sortable('total_spent'),
      title: 'Total spent',
      dataIndex: 'total_spent',
      align: 'right',
      width: phone ? 96 : 130,
      render: (amount: string, customer) => (
        <span className="customers-amount">{formatMoney(amount, customer.currency_code)}</span>
      ),
    },
    {
      ...sortable('first_order_at'),
      title: 'First order',
      dataIndex: 'first_order_at',
      width: 170,
      responsive: ['lg'],
      render: (date: string) => <span className="customers-date">{formatLongDate(date)}</span>,
    },
    {
      ...sortable('last_order_at'),
      title: 'Last order',
      dataIndex: 'last_order_at',
      width: 170,
      responsive: ['md'],
      render: (date: string) => <span className="customers-date">{formatLongDate(date)}</span>,
    },
  ];

  const onTableChange: TableProps<AdminCustomer>['onChange'] = (pagination, _filters, sorter, extra) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = single?.order ? (single.columnKey as CustomerSortColumn) : null;
    const sort = column ? ([column, single.order === 'ascend' ? 'ASC' : 'DESC'] as const) : null;
    const size = pagination.pageSize ?? filters.size;
    // A new sort or page size starts again at page 1; only paging keeps the chosen page.
    const page = extra.action === 'paginate' && size === filters.size ? (pagination.current ?? 1) : 1;
    setFilters({ ...filters, page, size, sort });
  };

  return (
    <div className="customers-page">
      <PageHeader
        title="Customers"
        extra={
          <Button
            icon={<DownloadOutlined />}
            href={customersExportUrl(filters)}
            download
            data-testid="customers-export"
          >
            Export CSV
          </Button>
        }
      />
      <Card className="customers-card" data-testid="customers-table">
        <Input.Search
          className="customers-search"
          placeholder="Name or email"
          aria-label="Search customers by name or email"
          // The box holds what is typed; the list (and the URL) follows on Enter or the button. Keyed by the
          // URL's search, so back and forward put the searched text back in the box.
          key={filters.search}
          defaultValue={filters.search}
          maxLength={100}
          enterButton="Search"
          onSearch={(value) => setFilters({ ...filters, page: 1, search: value.trim() })}
          data-testid="customers-search"
        />
        <Table<AdminCustomer>
          rowKey="id"
          columns={columns}
          dataSource={(customers.data?.items ?? []).slice(0, filters.size)}
          loading={customers.isLoading}
          onChange={onTableChange}
          // On a phone the three columns left share the card's width (the names wrap); no sideways scroll.
          tableLayout={phone ? 'fixed' : undefined}
          scroll={phone ? undefined : { x: 830 }}
          locale={{ emptyText: customers.error ? 'The customers could not be loaded' : 'No customers found' }}
          rowClassName="customers-row"
          onRow={(customer) =>
            ({
              onClick: (event) => {
                if (!onLink(event.target)) navigate(`/admin/customers/${customer.id}`);
              },
              'data-testid': `customer-row-${customer.email}`,
            }) as HTMLAttributes<HTMLElement>
          }
          pagination={{
            current: filters.page,
            pageSize: filters.size,
            total: customers.data?.count ?? 0,
            showSizeChanger: true,
            size: phone ? 'small' : 'medium',
            showLessItems: phone,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => `${total} ${total === 1 ? 'customer' : 'customers'}`,
          }}
        />
      </Card>
    </div>
  );
}
