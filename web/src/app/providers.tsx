import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AntdScope } from './AntdScope';
import { swrConfig } from './swr-config';

/**
 * The control centre's root (admin/main.tsx): antd themed, its toasts bound at once, and SWR. The
 * storefront uses SiteProviders instead, which has no antd.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AntdScope toasts>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </AntdScope>
  );
}
