import type {
  AdminNotification,
  AdminNotificationDetail,
  AdminSettableRecordStatus,
  ContactsExportQuery,
  NotificationReply,
  NotificationReplyInput,
  RecordStatus,
} from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiDelete, apiPost, apiPut, apiUrl, fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

export type SortOrder = 'ASC' | 'DESC';

/** What the notifications list shows; kept in the page's URL so reload and back keep it. */
export interface NotificationsFilter {
  page: number;
  limit: number;
  /** First name, last name or email. */
  search: string;
  /** Empty means every status. */
  status: RecordStatus[];
  /**
   * Direction of the date sort (SPEC §2: descending by default). The date is when the message arrived
   * (created_at): opening or answering a message changes its updated_at and must not move it in the list.
   */
  order: SortOrder;
}

/** The list's SWR key: `notifications?page=1&limit=10&status[0]=new&sort[0]=created_at&sort[1]=DESC`. */
export const notificationsKey = (filter: NotificationsFilter): string =>
  withQuery('notifications', {
    page: filter.page,
    limit: filter.limit,
    search: filter.search.trim(),
    status: filter.status,
    sort: ['created_at', filter.order],
  });

/**
 * The address of the CSV of the list as it is filtered now (search, statuses, sort; every page, no paging).
 * The browser downloads it straight to disk: the server streams it.
 */
export function contactsExportUrl(filter: NotificationsFilter): string {
  const query = {
    search: filter.search.trim(),
    status: filter.status,
    sort: ['created_at', filter.order],
  } satisfies Record<keyof ContactsExportQuery, unknown>;
  return apiUrl + withQuery('admin/contacts/export', query);
}

export const notificationKey = (id: string) => `notifications/${encodeURIComponent(id)}`;

const isListKey = (key: unknown) =>
  typeof key === 'string' && (key === 'notifications' || key.startsWith('notifications?'));

export function useNotifications(filter: NotificationsFilter) {
  return useSWR<ListPage<AdminNotification>>(notificationsKey(filter), fetchList, { keepPreviousData: true });
}

export function useNotification(id: string | undefined) {
  return useSWR<AdminNotificationDetail>(id ? notificationKey(id) : null, fetchResult);
}

/** Every cached page of the list is stale after a status change or a delete, whatever its filter. */
export const refreshNotificationLists = () => mutate(isListKey);

export const updateNotificationStatus = (id: string, status: AdminSettableRecordStatus) =>
  apiPut<AdminNotificationDetail | null>(notificationKey(id), { status });

/**
 * The move a message makes when an admin opens it (SPEC §4), sent as meant for its current status: 409 when it
 * has left that status meanwhile (a status the admin set landed first), and then nothing changes.
 */
export const markNotificationOnOpen = (id: string, from: RecordStatus, status: AdminSettableRecordStatus) =>
  apiPut<AdminNotificationDetail | null>(notificationKey(id), { status, from });

/** 201 with the stored reply, `mail_sent` false when the mail server refused it (it is kept: send it again). */
export const replyToNotification = (id: string, message: string) =>
  apiPost<NotificationReply>(`${notificationKey(id)}/replies`, { message } satisfies NotificationReplyInput);

/** 200 with the reply as it stands after another attempt. */
export const resendNotificationReply = (id: string, replyId: string) =>
  apiPost<NotificationReply>(`${notificationKey(id)}/replies/${encodeURIComponent(replyId)}/send`);

export const deleteNotification = (id: string) => apiDelete<unknown>(notificationKey(id));
