import type { ReactNode } from 'react';
import { type Middleware, SWRConfig } from 'swr';
import { swrConfig } from './swr-config';

/**
 * The storefront's root: SWR only. antd is not at the root on purpose (issue 12: a first visit must stay
 * small): toasts load it on first use (lib/notify), and screens that use antd wrap themselves in AntdScope.
 * `use` carries the hand-over of a server-rendered page (app/handover.ts).
 */
export function SiteProviders({ children, use }: { children: ReactNode; use?: Middleware[] }) {
  return <SWRConfig value={use ? { ...swrConfig, use } : swrConfig}>{children}</SWRConfig>;
}
