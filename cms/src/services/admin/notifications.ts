import type { Payload, Where } from 'payload';
import type { AdminNotification, NotificationType, RecordStatus } from '@shop/shared';
import { notFound } from '../../lib/app-error';
import type { Pagination } from '../../lib/envelope';
import type { Doc } from '../mappers';
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
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function toAdminNotification(doc: Doc): AdminNotification {
  return {
    id: String(doc.id),
    firstname: str(doc.firstname),
    lastname: str(doc.lastname),
    email: str(doc.email),
    telephone: str(doc.telephone) || null,
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
  const page = filter.page ?? 1;
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const and: Where[] = [];
  if (filter.status?.length) and.push({ status: { in: [...filter.status] } });
  const search = wordsInAnyField(filter.search, ['firstname', 'lastname', 'email']);
  if (search) and.push(search);
  const ascending = filter.sort?.[1] === 'ASC';
  const res = await payload.find({
    collection: 'notifications',
    where: and.length ? { and } : {},
    sort: ascending ? ['updatedAt', 'createdAt'] : ['-updatedAt', '-createdAt'],
    page,
    limit,
    depth: 0,
    user,
    overrideAccess: false,
  });
  return { items: (res.docs as Doc[]).map(toAdminNotification), pagination: { count: res.totalDocs, page, limit } };
}

async function findNotification(payload: Payload, user: AdminUser, id: string): Promise<Doc> {
  const res = await payload.find({
    collection: 'notifications',
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  const doc = res.docs[0] as Doc | undefined;
  if (!doc) throw notFound('Notification not found');
  return doc;
}

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
  if (doc.status === status) return toAdminNotification(doc);
  const updated = await payload.update({
    collection: 'notifications',
    id: String(doc.id),
    data: { status },
    depth: 0,
    user,
    overrideAccess: false,
  });
  return toAdminNotification(updated as unknown as Doc);
}

export async function deleteNotification(payload: Payload, user: AdminUser, id: string): Promise<{ id: string }> {
  const doc = await findNotification(payload, user, id);
  await payload.delete({ collection: 'notifications', id: String(doc.id), depth: 0, user, overrideAccess: false });
  return { id: String(doc.id) };
}
