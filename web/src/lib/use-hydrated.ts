import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and in the browser's first drawing of a server-rendered page (which must match the
 * server's markup exactly), true from the render right after hydration on, and at once in a page the browser
 * draws itself. For what only the browser knows, such as the shopper's cart in session storage.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
