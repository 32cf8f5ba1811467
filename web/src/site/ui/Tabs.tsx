import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface TabItem {
  key: string;
  label: ReactNode;
}

interface Props {
  items: readonly TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /** The panel: what the active tab shows. */
  children: ReactNode;
  className?: string;
  'aria-label': string;
  'data-testid'?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, ←/→ (and Home/End) move between tabs and select
 * them, the panel is labelled by the active tab. The row scrolls sideways on a phone instead of wrapping.
 */
export function Tabs({
  items,
  activeKey,
  onChange,
  children,
  className,
  'aria-label': label,
  'data-testid': testId,
}: Props) {
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: string) => `${base}-tab-${key}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === activeKey);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined || items.length === 0) return;
    event.preventDefault();
    const next = (target + items.length) % items.length;
    onChange(items[next]!.key);
    tabs.current[next]?.focus();
  };

  return (
    <div className={className ? `ui-tabs ${className}` : 'ui-tabs'} data-testid={testId}>
      <div className="ui-tabs-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, i) => {
          const active = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={active ? 'ui-tab ui-tab--active' : 'ui-tab'}
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeKey)} className="ui-tabs-panel">
        {children}
      </div>
    </div>
  );
}
