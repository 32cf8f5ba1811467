import type { ReactNode } from 'react';
import './ui.css';

/**
 * A short hint above a control on hover and keyboard focus, drawn by CSS alone. Decorative: the control
 * inside carries the same words as its accessible name.
 */
export function Tooltip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <span className="ui-tip" data-tip={title}>
      {children}
    </span>
  );
}
