import type { ReactNode } from 'react';
import './ui.css';

interface Props {
  description: ReactNode;
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** "Nothing here" with a small open-box drawing in the shop's colours, a line of text and optional actions. */
export function EmptyState({ description, children, className, 'data-testid': testId }: Props) {
  return (
    <div className={className ? `ui-empty ${className}` : 'ui-empty'} data-testid={testId}>
      <svg className="ui-empty-art" viewBox="0 0 64 41" width="64" height="41" aria-hidden="true" focusable="false">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f3ead8" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#cfc3ab">
            <path d="M55 12.76 44.85 1.26A2.5 2.5 0 0 0 43 .5H21a2.5 2.5 0 0 0-1.85.76L9 12.76V22h46v-9.24Z" />
            <path
              d="M41.61 15.93c0-1.6 1-2.93 2.25-2.93H55v18.14C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.26 9 31.14V13h11.14c1.24 0 2.25 1.32 2.25 2.92v.02c0 1.6 1.02 2.9 2.27 2.9h14.68c1.25 0 2.27-1.3 2.27-2.9v-.01Z"
              fill="#fbf7ef"
            />
          </g>
        </g>
      </svg>
      <div className="ui-empty-description">{description}</div>
      {children && <div className="ui-empty-footer">{children}</div>}
    </div>
  );
}
