import type { ReactNode } from 'react';
import './ui.css';

interface Props {
  tone?: 'green' | 'red' | 'neutral';
  /** Filled background rather than an outline. */
  filled?: boolean;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** A small label (a product's category, a line's "Not available"). */
export function Tag({ tone = 'neutral', filled = false, className, children, 'data-testid': testId }: Props) {
  const classes = ['ui-tag', `ui-tag--${tone}`, filled ? 'ui-tag--filled' : '', className ?? ''].filter(Boolean);
  return (
    <span className={classes.join(' ')} data-testid={testId}>
      {children}
    </span>
  );
}
