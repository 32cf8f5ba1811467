import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { useLayoutEffect, type ReactNode } from 'react';
import { bindNotificationApi } from '../lib/notify';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { shopTheme, shopThemeWithoutMotion } from './theme';

/** Hands antd's App-scoped notification API (themed, context-aware) to lib/notify, which lives outside React. */
function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useLayoutEffect(() => {
    bindNotificationApi(notification);
    return () => bindNotificationApi(null);
  }, [notification]);
  return null;
}

interface Props {
  children?: ReactNode;
  /**
   * This scope shows lib/notify's toasts. Exactly one mounted scope may say so: the control centre's root,
   * or the storefront's toast host (lib/notify-host). Storefront pages that use antd components get a scope
   * without it, so their unmounting never unbinds the toasts.
   */
  toasts?: boolean;
  /** Where the toasts start, in px from the top of the window (88 unless said). */
  toastTop?: number;
}

/**
 * antd with the shop's theme (without its motion when the visitor's system asks for less) and English texts. The control centre has it at its root; the storefront
 * loads it only with the screens that still use antd components (forms, the PayPal block) and with the
 * first toast, so a shopper's first visit downloads no antd at all.
 */
export function AntdScope({ children, toasts = false, toastTop = 88 }: Props) {
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider theme={still ? shopThemeWithoutMotion : shopTheme} locale={enUS}>
      <AntApp notification={{ top: toastTop }}>
        {toasts && <NotificationBridge />}
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export default AntdScope;
