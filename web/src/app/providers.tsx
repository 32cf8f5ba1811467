import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { useLayoutEffect, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { isApiError } from '../lib/api';
import { bindNotificationApi, handleResult } from '../lib/notify';
import { configKey } from '../site/api/config';
import { shopTheme } from './theme';

/** Hands antd's App-scoped notification API (themed, context-aware) to lib/notify, which lives outside React. */
function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useLayoutEffect(() => {
    bindNotificationApi(notification);
    return () => bindNotificationApi(null);
  }, [notification]);
  return null;
}

const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  // A missing record or a bad request will not fix itself: only outages are retried, and only twice.
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (isApiError(error) && error.status < 500) return;
    if (retryCount >= 2) return;
    setTimeout(() => void revalidate({ retryCount }), 3000 * (retryCount + 1));
  },
  onError(error, key) {
    // Pages turn a 404 into the not-found screen, and a failing config gets the full-page error instead.
    if (key === configKey) return;
    if (isApiError(error)) {
      if (error.status !== 404) handleResult(error.envelope, { method: 'get' });
      return;
    }
    handleResult({ status: 500 }, { method: 'get' });
  },
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={shopTheme} locale={enUS}>
      <AntApp notification={{ top: 88 }}>
        <NotificationBridge />
        <SWRConfig value={swrConfig}>{children}</SWRConfig>
      </AntApp>
    </ConfigProvider>
  );
}
