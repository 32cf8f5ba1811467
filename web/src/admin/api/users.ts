import type { AdminUser, Envelope, UserCreateInput, UserUpdateInput } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiDelete, apiPost, apiPut, fetchList, fetchResult, type ListPage } from '../../lib/api';

/**
 * GET users: the whole team in one reply (a family shop has a handful of admins), so the list pages
 * through it in the browser.
 */
export const usersKey = 'users';
export const userKey = (id: string) => `users/${encodeURIComponent(id)}`;

const isUsersKey = (key: unknown) => typeof key === 'string' && (key === usersKey || key.startsWith('users?'));

export function useUsers() {
  return useSWR<ListPage<AdminUser>>(usersKey, fetchList, { keepPreviousData: true });
}

export function useUser(id: string | undefined) {
  return useSWR<AdminUser>(id ? userKey(id) : null, fetchResult);
}

/** The list is stale after any create, update or delete. */
export const refreshUserLists = () => mutate(isUsersKey);

/** After a save the reply is the record as stored; showing it needs no second GET. */
export const storeUser = (user: AdminUser) => mutate(userKey(user.id), user, { revalidate: false });

export const forgetUser = (id: string) => mutate(userKey(id), undefined, { revalidate: false });

/** POST users: 201 with the new account; the server mails the invite link. */
export const createUser = (input: UserCreateInput) => apiPost<AdminUser | null>(usersKey, input);

/** PUT users/{id}: the email goes back unchanged (the server refuses a different one). */
export const updateUser = (id: string, input: UserUpdateInput) => apiPut<AdminUser | null>(userKey(id), input);

/** DELETE users/{id}: 409 with a sentence to show when it is the admin themselves or the last active admin. */
export const deleteUser = (id: string): Promise<Envelope<unknown>> => apiDelete<unknown>(userKey(id));
