import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BellOutlined,
  DollarOutlined,
  MinusOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { formatLongDate, formatMoney, type Changelog } from '@shop/shared/admin';
import { Alert, Button, Card, Col, Empty, Row, Statistic, Tag } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useConfig } from '../../../site/api/config';
import { useDashboard } from '../../api/dashboard';
import { PageHeader } from '../../components/PageHeader';
import { describeSalesDelta, type SalesDelta } from './sales-delta';
import './dashboard.css';

// The Lexical converter is only needed once the list has entries: its own chunk, the plain text meanwhile.
const RichTextBody = lazy(() => import('../../../site/components/RichText'));

const DELTA_ICONS = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, flat: <MinusOutlined /> };

function SalesChange({ delta }: { delta: SalesDelta }) {
  return (
    <p className={`dashboard-delta dashboard-delta--${delta.direction}`} data-testid="tile-sales-delta">
      {DELTA_ICONS[delta.direction]}
      <span>
        {delta.amount}
        {delta.percent ? ` (${delta.percent})` : ''}
      </span>
      <span className="dashboard-delta-base">vs last month</span>
    </p>
  );
}

interface TileProps {
  testId: string;
  title: string;
  icon: ReactNode;
  value: string | number | undefined;
  loading: boolean;
  footer: ReactNode;
}

function Tile({ testId, title, icon, value, loading, footer }: TileProps) {
  return (
    <Card className="dashboard-tile" data-testid={testId}>
      <div className="dashboard-tile-head">
        <Statistic
          title={title}
          value={value ?? '–'}
          loading={loading}
          valueRender={(node) => <span data-testid={`${testId}-value`}>{node}</span>}
        />
        <span className="dashboard-tile-icon" aria-hidden>
          {icon}
        </span>
      </div>
      <div className="dashboard-tile-footer">{footer}</div>
    </Card>
  );
}

function ChangelogList({ items }: { items: Changelog[] }) {
  if (items.length === 0) {
    return (
      <div data-testid="changelog-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No news yet: new features will be listed here." />
      </div>
    );
  }
  return (
    <ol className="dashboard-changelog" data-testid="changelog-list">
      {items.map((entry) => (
        <li key={entry.id} className="dashboard-changelog-item" data-testid="changelog-item">
          <div className="dashboard-changelog-head">
            <Tag color="green" className="dashboard-changelog-version">
              {entry.version}
            </Tag>
            <strong className="dashboard-changelog-title">{entry.title}</strong>
            <time className="dashboard-changelog-date" dateTime={entry.date}>
              {formatLongDate(entry.date)}
            </time>
          </div>
          {entry.body ? (
            <Suspense fallback={<p className="dashboard-changelog-text">{entry.description}</p>}>
              <RichTextBody value={entry.body} className="dashboard-changelog-body" />
            </Suspense>
          ) : (
            <p className="dashboard-changelog-text">{entry.description}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** /admin/home (SPEC §2 Dashboard): four tiles and the what's-new list. */
export default function DashboardPage() {
  const { data, error, isLoading, mutate } = useDashboard();
  const { data: config } = useConfig();
  const currency = config?.currency_code;
  const loading = isLoading && !data;
  const tiles: Omit<TileProps, 'loading'>[] = [
    {
      testId: 'tile-sales',
      title: 'Sales this month',
      icon: <DollarOutlined />,
      value: data ? formatMoney(data.sell.current, currency) : undefined,
      footer: data ? <SalesChange delta={describeSalesDelta(data.sell, currency)} /> : null,
    },
    {
      testId: 'tile-orders',
      title: 'Orders',
      icon: <ShoppingCartOutlined />,
      value: data?.orders,
      footer: <Link to="/admin/orders">New orders to handle</Link>,
    },
    {
      testId: 'tile-notifications',
      title: 'Notifications',
      icon: <BellOutlined />,
      value: data?.notifications,
      footer: <Link to="/admin/notifications">Unread messages</Link>,
    },
    {
      testId: 'tile-contacts',
      title: 'Contacts',
      icon: <TeamOutlined />,
      value: data?.contacts,
      footer: <span className="dashboard-muted">Newsletter contacts</span>,
    },
  ];

  return (
    <div className="dashboard">
      <PageHeader title="Dashboard" />

      {error && !data ? (
        <Alert
          type="error"
          showIcon
          className="dashboard-error"
          title="The figures could not be loaded."
          action={
            <Button size="small" onClick={() => void mutate()} data-testid="dashboard-retry">
              Try again
            </Button>
          }
        />
      ) : null}

      <Row gutter={[16, 16]} className="dashboard-tiles">
        {tiles.map((tile) => (
          <Col key={tile.testId} xs={24} sm={12} xl={6}>
            <Tile {...tile} loading={loading} />
          </Col>
        ))}
      </Row>

      {data && data.low_stock.length > 0 && (
        <Card title="Running low" className="dashboard-news" data-testid="dashboard-low-stock">
          <ul className="dashboard-low-stock">
            {data.low_stock.map((product) => (
              <li key={product.id} data-testid="dashboard-low-stock-item">
                <Link to={`/admin/products/edit/${product.id}`}>{product.name}</Link>
                {': '}
                {product.stock_quantity === 0 ? 'sold out' : `only ${product.stock_quantity} left`}
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title="What's new" className="dashboard-news" loading={loading}>
        <ChangelogList items={data?.changelogs ?? []} />
      </Card>
    </div>
  );
}
