import { PlusOutlined } from '@ant-design/icons';
import type { AdminMarketDay } from '@shop/shared/admin';
import { Button, Card, Grid, Table, Tag, type TableColumnsType } from 'antd';
import { type HTMLAttributes, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMarketDays } from '../../api/market';
import { PageHeader } from '../../components/PageHeader';
import {
  hoursText,
  MARKET_PATH,
  MARKET_STATUS_TEXT,
  marketDateText,
  marketDayPath,
  marketShortDateText,
  splitMarketDays,
  todayText,
} from './market-days';
import './market.css';

type Shown = 'coming' | 'past';

/** The Market area (issue 32 §1): the market days planned, open and closed. */
export default function MarketDaysPage() {
  const navigate = useNavigate();
  // The tab lives in the URL: Back from a day's page comes back to the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const shown: Shown = searchParams.get('show') === 'past' ? 'past' : 'coming';
  const phone = !Grid.useBreakpoint().md;
  const days = useMarketDays();
  const lists = useMemo(() => splitMarketDays(days.data ?? [], todayText()), [days.data]);

  const columns: TableColumnsType<AdminMarketDay> = [
    {
      title: 'Date',
      dataIndex: 'date',
      render: (date: string, day) => (
        <Link to={marketDayPath(day.id)} className="market-day-link" data-testid="market-day-link">
          {phone ? marketShortDateText(date) : marketDateText(date)}
        </Link>
      ),
    },
    { title: 'Place', dataIndex: 'place', render: (place: string) => <span className="market-place">{place}</span> },
    { title: 'Hours', key: 'hours', responsive: ['md'], render: (_: unknown, day) => hoursText(day) },
    {
      title: 'Pickup',
      dataIndex: 'pickup',
      responsive: ['lg'],
      render: (pickup: boolean) => (pickup ? 'Online orders collected' : 'No pickup'),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: AdminMarketDay['status']) => (
        <Tag color={MARKET_STATUS_TEXT[status].color} data-testid="market-day-status">
          {MARKET_STATUS_TEXT[status].text}
        </Tag>
      ),
    },
  ];

  const rows = shown === 'past' ? lists.past : lists.coming;
  return (
    <div className="market-page">
      <PageHeader<Shown>
        title="Market"
        tabs={[
          { value: 'coming', label: 'Coming' },
          { value: 'past', label: 'Past' },
        ]}
        tab={shown}
        onTabChange={(tab) => setSearchParams(tab === 'past' ? { show: 'past' } : {})}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(`${MARKET_PATH}/plan`)}
            data-testid="market-plan"
          >
            Plan a market day
          </Button>
        }
      />
      <Card className="market-card" data-testid="market-days-table">
        <Table<AdminMarketDay>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={days.isLoading}
          tableLayout={phone ? 'fixed' : undefined}
          locale={{
            emptyText: days.error
              ? 'The market days could not be loaded'
              : shown === 'past'
                ? 'No past market days'
                : 'No market days planned',
          }}
          rowClassName="market-row"
          onRow={(day) => {
            // The whole row opens the day, by mouse or by Enter, as in the other lists; the date's link does both.
            const open = (event: { target: EventTarget }) => {
              if (!(event.target instanceof Element && event.target.closest('a'))) navigate(marketDayPath(day.id));
            };
            return {
              onClick: open,
              onKeyDown: (event) => {
                if (event.key === 'Enter') open(event);
              },
              tabIndex: 0,
              'data-testid': `market-day-row-${day.date}`,
            } as HTMLAttributes<HTMLElement>;
          }}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        />
      </Card>
    </div>
  );
}
