import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '../lib/notify';
import { endSession, hasSessionFlag, logout, subscribeSessionFlag } from './api/auth';

export { SESSION_FLAG_KEY } from './api/auth';

/** Whether the logged-in marker is set; re-renders when it changes (also from another tab). */
export function useSessionFlag(): boolean {
  return useSyncExternalStore(subscribeSessionFlag, hasSessionFlag, () => false);
}

/**
 * The guard of every admin screen but login and reset (SPEC §2, §6). While it is mounted, a 401 or 403 from
 * any call ends the session, and ending the session (logout, a reset request, another tab) re-renders this
 * guard into the redirect to /admin.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useSessionFlag();

  useEffect(() => {
    setUnauthorizedHandler(endSession);
    return () => setUnauthorizedHandler(null);
  }, []);

  if (!signedIn) return <Navigate to="/admin" replace />;
  return <>{children}</>;
}

/** Logout entry of the drawer: tells the server, then forgets the session here (the guard redirects). */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const [loggingOut, setLoggingOut] = useState(false);
  const run = useCallback(async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  }, []);
  return { logout: run, loggingOut };
}
