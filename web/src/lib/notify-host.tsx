import { createRoot } from 'react-dom/client';
import { AntdScope } from '../app/AntdScope';

/**
 * The storefront's toasts, loaded with the first one (lib/notify): a themed antd scope in a root of its own
 * at the end of <body>, so toasts work on every screen whether or not that screen uses antd.
 */
export function mountNotificationHost(): void {
  const host = document.createElement('div');
  host.id = 'toast-host';
  document.body.append(host);
  // Below the storefront's header (announcement bar and navbar, 110 px), so a toast never covers the cart and
  // its badge (issue 23); phones, whose header is taller, move it further down in site/layout/layout.css.
  createRoot(host).render(<AntdScope toasts toastTop={118} />);
}
