import { Table, type TableColumnsType } from 'antd';

/**
 * An analytics table wider than a phone: scrolled inside its card, its scrolling box joins the tab order,
 * named, so the keyboard can scroll it too (WCAG 2.1.1, axe's scrollable-region-focusable). The caption is
 * read by screen readers; the card's title says it on screen.
 */
export function ScrollTable<Row extends object>({
  rows,
  columns,
  rowKey,
  caption,
  testId,
  className,
}: {
  rows: readonly Row[];
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  caption: string;
  testId: string;
  className?: string;
}) {
  return (
    <div
      className={className ? `analytics-table-scroll ${className}` : 'analytics-table-scroll'}
      data-testid={testId}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table<Row>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        caption={<span className="visually-hidden">{caption}</span>}
      />
    </div>
  );
}
