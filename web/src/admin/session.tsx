import type { ReactNode } from 'react';

/** Placeholder: the guard that needs the stored logged-in flag (SPEC §2, §4 Login). */
export function RequireSession({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
