import type { Payload } from 'payload';
import type { AdminNotification, NotificationType, RecordStatus } from '@shop/shared/admin';
import type { Pagination } from '../../lib/envelope';
import { str, type Doc } from '../mappers';
import { allOf, findByIdOr404, findPage, pageOf, setStatusIfChanged } from './admin-queries';
import { contactOf } from './doc-fields';
import type { AdminUser } from './sales';
import { wordsInAnyField } from './search';

export interface NotificationsFilter {
  page?: number;
  limit?: number;
  search?: string;
  status?: RecordStatus[];
  sort?: readonly ['updated_at', 'ASC' | 'DESC'];
}

const DEFAULT_LIMIT = 10;

function toAdminNotification(doc: Doc): AdminNotification {
  return {
    ...contactOf(doc),
    title: str(doc.title),
    message: str(doc.message),
    type: (str(doc.type) || 'contact') as NotificationType,
    status: (str(doc.status) || 'new') as RecordStatus,
    updated_at: str(doc.updatedAt),
    created_at: str(doc.createdAt),
  };
}

export async function listNotifications(
  payload: Payload,
  user: AdminUser,
  filter: NotificationsFilter,
): Promise<{ items: AdminNotification[]; pagination: Pagination }> {
  const ascending = filter.sort?.[1] === 'ASC';
  const { docs, pagination } = await findPage(payload, user, {
    collection: 'notifications',
    where: allOf([
      filter.status?.length ? { status: { in: [...filter.status] } } : undefined,
      await wordsInAnyField(payload, 'notifications', filter.search, ['firstname', 'lastname', 'email']),
    ]),
    sort: ascending ? ['updatedAt', 'createdAt'] : ['-updatedAt', '-createdAt'],
    ...pageOf(filter, DEFAULT_LIMIT),
  });
  return { items: docs.map(toAdminNotification), pagination };
}

const findNotification = (payload: Payload, user: AdminUser, id: string) =>
  findByIdOr404(payload, 'notifications', user, id, 'Notification not found');

export async function getNotification(payload: Payload, user: AdminUser, id: string): Promise<AdminNotification> {
  return toAdminNotification(await findNotification(payload, user, id));
}

export async function setNotificationStatus(
  payload: Payload,
  user: AdminUser,
  id: string,
  status: RecordStatus,
): Promise<AdminNotification> {
  const doc = await findNotification(payload, user, id);
  return toAdminNotification(await setStatusIfChanged(payload, 'notifications', user, doc, status));
}

export async function deleteNotification(payload: Payload, user: AdminUser, id: string): Promise<{ id: string }> {
  const doc = await findNotification(payload, user, id);
  await payload.delete({ collection: 'notifications', id: String(doc.id), depth: 0, user, overrideAccess: false });
  return { id: String(doc.id) };
}
