import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from './swr-config';

/**
 * The storefront's root: SWR only. antd is not at the root on purpose (issue 12: a first visit must stay
 * small): toasts load it on first use (lib/notify), and screens that use antd wrap themselves in AntdScope.
 */
export function SiteProviders({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}
