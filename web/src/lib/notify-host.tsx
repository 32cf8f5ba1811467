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
  createRoot(host).render(<AntdScope toasts />);
}
