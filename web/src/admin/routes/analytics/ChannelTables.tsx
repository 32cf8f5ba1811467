import { type ChannelSalesRow, formatMoney, type PlaceSales } from '@shop/shared/admin';
import type { TableColumnsType } from 'antd';
import { monthName } from '../../charts/analytics-charts';
import { ScrollTable } from './ScrollTable';

/** Issue 32: whether a year had any sales at all, online or at the stall (empty months read as "No data"). */
export const hasChannelSales = (rows: readonly ChannelSalesRow[]) =>
  rows.some((row) => row.online_amount !== 0 || row.market_amount !== 0);

/** The market's part of a month's Sales, in whole percent; '—' for a month with none. */
export function marketShare(row: ChannelSalesRow): string {
  const total = row.online_amount + row.market_amount;
  return total > 0 ? `${Math.round((row.market_amount / total) * 100)}%` : '—';
}

const money = (currency: string | undefined) => (amount: number) => formatMoney(amount, currency);

/**
 * Each month's Sales (the ledger's gross − refunds) online and at the market stall, the stall's split by payment,
 * and the stall's share drawn as a bar beside its number (the number is what is read; the bar is decoration).
 */
export function ChannelTable({
  rows,
  currency,
  year,
}: {
  rows: readonly ChannelSalesRow[];
  currency?: string;
  year: number;
}) {
  const format = money(currency);
  const columns: TableColumnsType<ChannelSalesRow> = [
    { key: 'id', title: 'Month', dataIndex: 'id', render: (id: string) => monthName(id) },
    { key: 'online', title: 'Online', align: 'right', render: (_: unknown, r) => format(r.online_amount) },
    { key: 'market', title: 'Market', align: 'right', render: (_: unknown, r) => format(r.market_amount) },
    {
      key: 'cash',
      title: 'Market cash',
      align: 'right',
      responsive: ['md'],
      render: (_: unknown, r) => format(r.market_cash_amount),
    },
    {
      key: 'card',
      title: 'Market card',
      align: 'right',
      responsive: ['md'],
      render: (_: unknown, r) => format(r.market_card_amount),
    },
    {
      key: 'share',
      title: 'Market share',
      align: 'right',
      render: (_: unknown, r) => {
        const share = marketShare(r);
        return (
          <span className="analytics-share">
            <span className="analytics-share-bar" aria-hidden="true">
              <span style={{ width: share === '—' ? 0 : share }} />
            </span>
            {share}
          </span>
        );
      },
    },
  ];
  return (
    <ScrollTable<ChannelSalesRow>
      rows={rows}
      columns={columns}
      rowKey="id"
      caption={`Sales online and at the market by month, ${year}`}
      testId="analytics-channels-table"
    />
  );
}

/** The year's stall sales per market place, most sold first. */
export function PlacesTable({ rows, currency }: { rows: readonly PlaceSales[]; currency?: string }) {
  const format = money(currency);
  const columns: TableColumnsType<PlaceSales> = [
    {
      key: 'place',
      title: 'Market',
      dataIndex: 'place',
      render: (place: string) => <span className="analytics-name">{place}</span>,
    },
    { key: 'days', title: 'Days', dataIndex: 'days', align: 'right', width: 64, responsive: ['sm'] },
    { key: 'count', title: 'Sales', dataIndex: 'sales_count', align: 'right', width: 70 },
    {
      key: 'cash',
      title: 'Cash',
      align: 'right',
      responsive: ['md'],
      render: (_: unknown, p) => format(p.cash_amount),
    },
    {
      key: 'card',
      title: 'Card',
      align: 'right',
      responsive: ['md'],
      render: (_: unknown, p) => format(p.card_amount),
    },
    { key: 'amount', title: 'Taken', align: 'right', render: (_: unknown, p) => format(p.sales_amount) },
  ];
  return (
    <ScrollTable<PlaceSales>
      rows={rows}
      columns={columns}
      rowKey="place"
      caption="Sales by market"
      testId="analytics-places-table"
    />
  );
}
