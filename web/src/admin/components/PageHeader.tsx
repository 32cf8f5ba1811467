import { Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import './admin-components.css';

interface Props<T extends string> {
  title: ReactNode;
  /** SPEC §2: page title bars may show filter tabs with capitalised names. */
  tabs?: { value: T; label: string }[];
  tab?: T;
  onTabChange?: (tab: T) => void;
  /** Actions on the right (add button, back button...). */
  extra?: ReactNode;
}

/** The title bar every control-centre screen starts with. */
export function PageHeader<T extends string>({ title, tabs, tab, onTabChange, extra }: Props<T>) {
  return (
    <div className="admin-page-header">
      <Typography.Title level={2} className="admin-page-title">
        {title}
      </Typography.Title>
      <div className="admin-page-header-side">
        {tabs && tab !== undefined && onTabChange ? (
          <Segmented<T>
            value={tab}
            onChange={onTabChange}
            options={tabs.map((t) => ({ value: t.value, label: t.label }))}
            data-testid="page-tabs"
          />
        ) : null}
        {extra}
      </div>
    </div>
  );
}
