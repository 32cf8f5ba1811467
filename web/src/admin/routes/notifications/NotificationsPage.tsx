import { DownloadOutlined, FilterFilled, SearchOutlined } from '@ant-design/icons';
import { type AdminNotification, formatTableDate, RECORD_STATUSES } from '@shop/shared/admin';
import { Button, Card, Grid, Input, Space, Table, type TableProps, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { contactsExportUrl, useNotifications } from '../../api/notifications';
import { PageHeader } from '../../components/PageHeader';
import { capitalise, fullName, NotificationStatusTag, NotificationTypeTag } from './display';
import {
  applySearch,
  applyTableChange,
  DEFAULT_NOTIFICATIONS_FILTER,
  filterFromSearchParams,
  filterToSearchParams,
  PAGE_SIZES,
} from './list-filter';
import type { ListLocationState } from './list-location';
import './notifications.css';

const statusFilters = RECORD_STATUSES.map((status) => ({ text: capitalise(status), value: status }));

/** Notifications list (SPEC §2): contact messages and shop notices, newest first by arrival. */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearchParams(searchParams), [searchParams]);
  const { data, isLoading } = useNotifications(filter);
  // On a phone the type moves under the name and cells get tighter, so status and date fit next to it.
  const compact = !Grid.useBreakpoint().md;

  // The box holds what is being typed; the URL holds what was searched. Back/forward changes the URL, and
  // the box follows it (state adjusted during render rather than in an effect, as React recommends).
  const [searchText, setSearchText] = useState(filter.search);
  const [searchedFor, setSearchedFor] = useState(filter.search);
  if (searchedFor !== filter.search) {
    setSearchedFor(filter.search);
    setSearchText(filter.search);
  }

  const show = (next: typeof filter) => setSearchParams(filterToSearchParams(next));
  const search = () => show(applySearch(filter, searchText));
  const resetSearch = () => {
    setSearchText('');
    show(applySearch(filter, ''));
  };

  const columns: TableProps<AdminNotification>['columns'] = [
    {
      key: 'user',
      title: 'User',
      render: (_, notification) => (
        <div className="notifications-user">
          <Typography.Text strong>{fullName(notification)}</Typography.Text>
          <Typography.Text
            type="secondary"
            className="notifications-email"
            ellipsis={compact ? { tooltip: notification.email } : false}
          >
            {notification.email}
          </Typography.Text>
          {compact ? (
            <span className="notifications-user-type">
              <NotificationTypeTag type={notification.type} />
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'type',
      title: 'Type',
      dataIndex: 'type',
      width: 110,
      responsive: ['md'],
      render: (_, notification) => <NotificationTypeTag type={notification.type} />,
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      width: compact ? undefined : 120,
      filters: statusFilters,
      filteredValue: filter.status,
      filterIcon: (filtered) => (
        <FilterFilled
          data-testid="notification-status-filter"
          aria-label="Filter by status"
          className={filtered ? 'notifications-filter-on' : undefined}
        />
      ),
      render: (_, notification) => <NotificationStatusTag status={notification.status} />,
    },
    {
      // When the message arrived (SPEC §2's "published date"): opening or answering it never moves it.
      key: 'created_at',
      title: compact ? 'Date' : 'Published',
      dataIndex: 'created_at',
      width: compact ? undefined : 170,
      sorter: true,
      // Two directions only: the list always has an order.
      sortDirections: ['descend', 'ascend', 'descend'],
      sortOrder: filter.order === 'ASC' ? 'ascend' : 'descend',
      render: (_, notification) => {
        const [date, time] = formatTableDate(notification.created_at || notification.updated_at).split(' ');
        return (
          <span className="notifications-date">
            <span>{date}</span> <span>{time}</span>
          </span>
        );
      },
    },
  ];

  const onTableChange: TableProps<AdminNotification>['onChange'] = (pagination, filters, sorter) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    show(
      applyTableChange(filter, {
        current: pagination.current,
        pageSize: pagination.pageSize,
        status: filters.status ?? null,
        sortOrder: sort?.order ?? null,
      }),
    );
  };

  const searching = filter.search !== DEFAULT_NOTIFICATIONS_FILTER.search;

  return (
    <div className="notifications-page">
      <PageHeader title="Notifications" />
      <Card className="notifications-card">
        <form
          className="notifications-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <Input
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Search by name or email"
            prefix={<SearchOutlined />}
            maxLength={100}
            allowClear={false}
            aria-label="Search by name or email"
            data-testid="notification-search"
            className="notifications-search-input"
          />
          <Space.Compact>
            <Button type="primary" htmlType="submit" data-testid="notification-search-submit">
              Search
            </Button>
            <Button onClick={resetSearch} disabled={!searching && !searchText} data-testid="notification-search-reset">
              Reset
            </Button>
          </Space.Compact>
          {/* The list as filtered now, every page of it (the same filter the table reads from the URL). */}
          <Button
            icon={<DownloadOutlined />}
            href={contactsExportUrl(filter)}
            download
            className="notifications-export"
            data-testid="notifications-export"
          >
            Export CSV
          </Button>
        </form>
        <Table<AdminNotification>
          rowKey="id"
          data-testid="notifications-table"
          className="notifications-table"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isLoading && !data}
          onChange={onTableChange}
          size={compact ? 'small' : 'middle'}
          locale={{ emptyText: searching ? 'No notifications match this search' : 'No notifications' }}
          pagination={{
            current: filter.page,
            pageSize: filter.limit,
            total: data?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => `${total} ${total === 1 ? 'item' : 'items'}`,
          }}
          onRow={(notification) => {
            const open = () =>
              navigate(`/admin/notifications/${encodeURIComponent(notification.id)}`, {
                state: { listSearch: searchParams.toString() } satisfies ListLocationState,
              });
            return {
              onClick: open,
              // Rows are the only way into a message, so the keyboard can open them too.
              onKeyDown: (event) => {
                if (event.key === 'Enter') open();
              },
              tabIndex: 0,
              className:
                notification.status === 'new' ? 'notifications-row notifications-row-new' : 'notifications-row',
              'data-testid': `notification-row-${notification.email}`,
            } as HTMLAttributes<HTMLElement>;
          }}
        />
      </Card>
    </div>
  );
}
