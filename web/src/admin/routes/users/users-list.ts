/** The users list's page in the URL, and the name and role shown per account. */
import { type AdminUser, USER_ROLE_LABELS } from '@shop/shared/admin';
import { pageFromSearchParam } from '../../lib/list-params';

export const USERS_PAGE_SIZE = 10;

/** Anything but a plain positive number (an old or hand-edited link) shows the first page. */
export function usersPageFromSearchParams(params: URLSearchParams): number {
  return pageFromSearchParam(params.get('page'));
}

/** Page 1 is the plain address /admin/users. */
export function usersPageToSearchParams(page: number): URLSearchParams {
  return new URLSearchParams(page > 1 ? { page: String(page) } : {});
}

/** "Giulia Rossi"; an account without names (only possible through the database) shows its email. */
export const fullName = (user: Pick<AdminUser, 'firstname' | 'lastname' | 'email'>): string =>
  `${user.firstname} ${user.lastname}`.trim() || user.email;

export const roleLabel = (user: Pick<AdminUser, 'role'>): string => USER_ROLE_LABELS[user.role];
