import { DownloadOutlined } from '@ant-design/icons';
import {
  AUDIT_OPERATIONS,
  AUDITED_COLLECTIONS,
  formatTableDate,
  type AuditEntry,
  type AuditedCollection,
  type AuditOperation,
} from '@shop/shared/admin';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Grid,
  Input,
  Select,
  Table,
  Tag,
  Typography,
  type ButtonProps,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { auditLogExportUrl, useAuditLog } from '../../api/audit-log';
import { useUsers } from '../../api/users';
import { PageHeader } from '../../components/PageHeader';
import { AUDIT_PAGE_SIZES, auditFiltersToSearchParams, parseAuditFilters, type AuditFilters } from './audit-filters';
import './audit-log.css';

// antd's ButtonProps type has no data-* attributes, though they reach the DOM.
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

const COLLECTION_LABELS: Record<AuditedCollection, string> = {
  products: 'Products',
  categories: 'Categories',
  settings: 'Settings',
  users: 'Users',
  assets: 'Images',
  recipes: 'Recipes',
  changelogs: 'Changelog',
  orders: 'Orders',
  notifications: 'Messages',
  coupons: 'Discount codes',
};

const OPERATION_COLORS: Record<AuditOperation, string> = { create: 'green', update: 'blue', delete: 'red' };

/** Where a record is edited in the control centre, when it has a screen there. */
function recordPath(entry: AuditEntry): string | null {
  if (entry.operation === 'delete') return null;
  const id = encodeURIComponent(entry.record_id);
  switch (entry.collection) {
    case 'products':
      return `/admin/products/edit/${id}`;
    case 'categories':
      return `/admin/categories/edit/${id}`;
    case 'users':
      return `/admin/users/edit/${id}`;
    case 'settings':
      return '/admin/settings';
    case 'orders':
      return `/admin/orders/${id}`;
    case 'notifications':
      return `/admin/notifications/${id}`;
    case 'coupons':
      return `/admin/coupons/edit/${id}`;
    default:
      return null;
  }
}

/** A stored value as the table shows it: text as is, anything else as compact JSON. */
function ValueCell({ value, present }: { value: unknown; present: boolean }) {
  if (!present) return <Typography.Text type="secondary">-</Typography.Text>;
  if (value === null || value === '') return <Typography.Text type="secondary">(empty)</Typography.Text>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <span className="audit-value">{text}</span>;
}

interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
  hasBefore: boolean;
  hasAfter: boolean;
}

function ChangesTable({ entry }: { entry: AuditEntry }) {
  const rows: ChangeRow[] = Object.entries(entry.changes).map(([field, change]) => ({
    field,
    before: change.before,
    after: change.after,
    hasBefore: 'before' in change,
    hasAfter: 'after' in change,
  }));
  if (rows.length === 0) return <Typography.Text type="secondary">No field values recorded</Typography.Text>;
  return (
    <Table<ChangeRow>
      className="audit-changes"
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 480 }}
      columns={[
        { key: 'field', title: 'Field', dataIndex: 'field', width: 160, render: (f: string) => <code>{f}</code> },
        {
          key: 'before',
          title: 'Before',
          render: (_, row) => <ValueCell value={row.before} present={row.hasBefore} />,
        },
        {
          key: 'after',
          title: 'After',
          render: (_, row) => <ValueCell value={row.after} present={row.hasAfter} />,
        },
      ]}
      data-testid="audit-changes"
    />
  );
}

/** The audit log (issue 14): every write to the catalogue, settings, accounts and images, who and when. */
export default function AuditLogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseAuditFilters(searchParams), [searchParams]);
  const setFilters = useCallback(
    (change: Partial<AuditFilters>) =>
      // Any change of filter starts at the first page; paging itself passes its page.
      setSearchParams(auditFiltersToSearchParams({ ...filters, page: 1, ...change })),
    [filters, setSearchParams],
  );
  const phone = !Grid.useBreakpoint().md;
  const log = useAuditLog(filters);
  const users = useUsers();

  const userOptions = (users.data?.items ?? []).map((u) => ({
    value: u.id,
    label: `${[u.firstname, u.lastname].filter(Boolean).join(' ') || u.email} (${u.email})`,
  }));

  const range: [Dayjs | null, Dayjs | null] = [
    filters.from ? dayjs(filters.from) : null,
    filters.to ? dayjs(filters.to) : null,
  ];

  const columns: TableColumnsType<AuditEntry> = [
    {
      key: 'at',
      title: 'When',
      dataIndex: 'at',
      width: phone ? 130 : 170,
      // On a phone Who gives way and is said under the time (issue 31 §11): no sideways scroll.
      render: (at: string, entry) =>
        phone ? (
          <div className="audit-when-who">
            <span className="audit-when">{formatTableDate(at)}</span>
            <span className="audit-who">{entry.by}</span>
          </div>
        ) : (
          <span className="audit-when">{formatTableDate(at)}</span>
        ),
    },
    {
      key: 'by',
      title: 'Who',
      dataIndex: 'by',
      width: 220,
      responsive: ['md'],
      render: (by: string) => <span className="audit-who">{by}</span>,
    },
    {
      key: 'what',
      title: 'What',
      render: (_, entry) => {
        const path = recordPath(entry);
        const label = COLLECTION_LABELS[entry.collection as AuditedCollection] ?? entry.collection;
        return (
          <div className="audit-what">
            <Tag color={OPERATION_COLORS[entry.operation]} data-testid="audit-operation">
              {entry.operation}
            </Tag>
            <span>{label}</span>
            {/* Issue 25 §1.13: the record by its name; the id stays in the tooltip and the filter. */}
            {path ? (
              <Link to={path} className="audit-record" title={entry.record_id} data-testid="audit-record">
                {entry.record_name ?? entry.record_id}
              </Link>
            ) : (
              <span className="audit-record" title={entry.record_id} data-testid="audit-record">
                {entry.record_name ?? entry.record_id}
              </span>
            )}
          </div>
        );
      },
    },
    {
      key: 'fields',
      title: 'Fields',
      responsive: ['md'],
      render: (_, entry) => <span className="audit-fields">{Object.keys(entry.changes).join(', ') || '-'}</span>,
    },
  ];

  return (
    <div className="audit-log">
      <PageHeader
        title="Audit log"
        extra={
          <Button icon={<DownloadOutlined />} href={auditLogExportUrl(filters)} download {...testId('audit-export')}>
            Export CSV
          </Button>
        }
      />
      <Card className="audit-filters" size="small">
        <div className="audit-filters-row">
          <Select<AuditedCollection>
            allowClear
            placeholder="Any record type"
            aria-label="Record type"
            value={filters.collection ?? undefined}
            options={AUDITED_COLLECTIONS.map((c) => ({ value: c, label: COLLECTION_LABELS[c] }))}
            onChange={(collection) => setFilters({ collection: collection ?? null })}
            className="audit-filter"
            data-testid="audit-filter-collection"
          />
          <Select<AuditOperation>
            allowClear
            placeholder="Any change"
            aria-label="Change"
            value={filters.operation ?? undefined}
            options={AUDIT_OPERATIONS.map((o) => ({ value: o, label: o }))}
            onChange={(operation) => setFilters({ operation: operation ?? null })}
            className="audit-filter"
            data-testid="audit-filter-operation"
          />
          <Select<string>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Anyone"
            aria-label="Who"
            value={filters.user || undefined}
            options={userOptions}
            loading={users.isLoading}
            onChange={(user) => setFilters({ user: user ?? '' })}
            className="audit-filter audit-filter--wide"
            data-testid="audit-filter-user"
          />
          <DatePicker.RangePicker
            value={range}
            allowEmpty={[true, true]}
            onChange={(dates) =>
              setFilters({
                from: dates?.[0] ? dates[0].format('YYYY-MM-DD') : '',
                to: dates?.[1] ? dates[1].format('YYYY-MM-DD') : '',
              })
            }
            className="audit-filter audit-filter--wide"
            aria-label="Dates"
            data-testid="audit-filter-dates"
          />
          <Input.Search
            allowClear
            placeholder="Record id"
            aria-label="Record id"
            defaultValue={filters.record}
            key={filters.record}
            onSearch={(record) => setFilters({ record })}
            className="audit-filter audit-filter--wide"
            data-testid="audit-filter-record"
          />
        </div>
      </Card>
      {log.error ? <Alert type="error" showIcon title="The audit log could not be loaded" /> : null}
      <Card className="audit-table-card">
        <Table<AuditEntry>
          rowKey="id"
          size={phone ? 'small' : 'middle'}
          columns={columns}
          dataSource={log.data?.items ?? []}
          loading={log.isLoading || log.isValidating}
          expandable={{
            expandedRowRender: (entry) => <ChangesTable entry={entry} />,
            rowExpandable: () => true,
          }}
          onRow={(entry) => ({ 'data-testid': `audit-row-${entry.collection}-${entry.operation}` }) as object}
          pagination={{
            current: filters.page,
            pageSize: filters.size,
            total: log.data?.count ?? 0,
            pageSizeOptions: AUDIT_PAGE_SIZES.map(String),
            showSizeChanger: true,
            simple: phone,
            onChange: (page, size) =>
              setSearchParams(auditFiltersToSearchParams({ ...filters, page: size === filters.size ? page : 1, size })),
          }}
          locale={{ emptyText: 'No changes match these filters' }}
          data-testid="audit-table"
        />
      </Card>
    </div>
  );
}
