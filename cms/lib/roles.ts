import type { UserRole } from '@shop/shared/admin';

/**
 * Which role a signed-in account has (issue 11): the access rules (access/roles.ts) and the HTTP layer's
 * guards (lib/endpoint.ts) ask the same question.
 */
export type MaybeUser = object | null | undefined;

export function roleOf(user: MaybeUser): UserRole | null {
  const role = (user as { role?: unknown } | null | undefined)?.role;
  return role === 'admin' || role === 'editor' ? role : null;
}

export const isAdminUser = (user: MaybeUser): boolean => roleOf(user) === 'admin';
export const isStaffUser = (user: MaybeUser): boolean => roleOf(user) !== null;
