import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './ui.css';

export interface Crumb {
  label: ReactNode;
  /** Omitted for the current page, the last crumb. */
  to?: string;
}

/** Home / Shop / this page: a labelled nav with an ordered list, the current page marked for screen readers. */
export function Breadcrumb({ items, className }: { items: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={className ? `ui-crumbs ${className}` : 'ui-crumbs'}>
      <ol>
        {items.map((item, index) => (
          <Fragment key={index}>
            {index > 0 && (
              <li className="ui-crumbs-sep" aria-hidden="true">
                /
              </li>
            )}
            <li>{item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
