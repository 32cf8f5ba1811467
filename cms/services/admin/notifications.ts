import type { Payload, PayloadRequest } from 'payload';
import type {
  AdminNotification,
  AdminNotificationDetail,
  AdminSettableRecordStatus,
  NotificationReply,
  NotificationType,
  RecordStatus,
} from '@shop/shared/admin';
import { describeActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { AUDIT_ACTOR, writeAuditEntry } from '../../lib/audit-write';
import { setDatesIf } from '../../lib/conditional-update';
import type { Pagination } from '../../lib/envelope';
import { env } from '../../lib/env';
import { withTransaction } from '../../lib/transaction';
import { str, type Doc } from '../mappers';
import { sendReplyMail } from '../reply-mail';
import { allOf, findByIdOr404, findPage, pageOf, setStatusIfChanged } from './admin-queries';
import { contactOf } from './doc-fields';
import type { AdminUser } from './sales';
import { wordsInAnyField } from './search';

export interface NotificationsFilter {
  page?: number;
  limit?: number;
  search?: string;
  status?: RecordStatus[];
  sort?: readonly ['updated_at' | 'created_at', 'ASC' | 'DESC'];
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

/**
 * The list's and the export's order: by arrival (`created_at`, what the control centre shows) or by the last
 * change (`updated_at`, the default), the other date breaking ties.
 */
export function notificationsSort(sort: NotificationsFilter['sort']): string[] {
  const [first, second] = sort?.[0] === 'created_at' ? ['createdAt', 'updatedAt'] : ['updatedAt', 'createdAt'];
  return sort?.[1] === 'ASC' ? [first, second] : [`-${first}`, `-${second}`];
}

export async function listNotifications(
  payload: Payload,
  user: AdminUser,
  filter: NotificationsFilter,
): Promise<{ items: AdminNotification[]; pagination: Pagination }> {
  const { docs, pagination } = await findPage(payload, user, {
    collection: 'notifications',
    where: allOf([
      filter.status?.length ? { status: { in: [...filter.status] } } : undefined,
      await wordsInAnyField(payload, 'notifications', filter.search, ['firstname', 'lastname', 'email']),
    ]),
    sort: notificationsSort(filter.sort),
    ...pageOf(filter, DEFAULT_LIMIT),
  });
  return { items: docs.map(toAdminNotification), pagination };
}

const NOT_FOUND = 'Notification not found';

const findNotification = (payload: Payload, user: AdminUser, id: string) =>
  findByIdOr404(payload, 'notifications', user, id, NOT_FOUND);

const idOf = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : typeof v === 'object' && 'id' in v ? String(v.id) : String(v);

function toReply(doc: Doc): NotificationReply {
  return {
    id: String(doc.id),
    message: str(doc.message),
    by: str(doc.by),
    by_id: idOf(doc.by_user),
    created_at: str(doc.createdAt),
    mail_sent: Boolean(doc.mail_sent_at),
  };
}

/** The replies to one message, oldest first. */
async function repliesOf(payload: Payload, user: AdminUser, notificationId: string): Promise<NotificationReply[]> {
  const res = await payload.find({
    collection: 'notification-replies',
    where: { notification: { equals: notificationId } },
    sort: ['createdAt', 'id'],
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  return (res.docs as unknown as Doc[]).map(toReply);
}

async function withReplies(payload: Payload, user: AdminUser, doc: Doc): Promise<AdminNotificationDetail> {
  return { ...toAdminNotification(doc), replies: await repliesOf(payload, user, String(doc.id)) };
}

export async function getNotification(payload: Payload, user: AdminUser, id: string): Promise<AdminNotificationDetail> {
  return withReplies(payload, user, await findNotification(payload, user, id));
}

/**
 * An admin's status change (SPEC §3, §4): read, resolved or approved (the schema refuses `new` and `deleted`).
 * The collection's audit hook logs it with the admin as the actor.
 */
export async function setNotificationStatus(
  payload: Payload,
  user: AdminUser,
  id: string,
  status: AdminSettableRecordStatus,
  from?: RecordStatus,
): Promise<AdminNotificationDetail> {
  const doc = await findNotification(payload, user, id);
  if (from !== undefined && doc.status !== from) {
    throw new AppError(409, `The message is ${str(doc.status)} now; nothing was changed`);
  }
  return withReplies(payload, user, await setStatusIfChanged(payload, 'notifications', user, doc, status));
}

export async function deleteNotification(payload: Payload, user: AdminUser, id: string): Promise<{ id: string }> {
  const doc = await findNotification(payload, user, id);
  await payload.delete({ collection: 'notifications', id: String(doc.id), depth: 0, user, overrideAccess: false });
  return { id: String(doc.id) };
}

// ---------------------------------------------------------------------------------------------------------
// Replies (issue 22 §3)

/** A reply whose sender died after claiming it blocks a resend this long (MAIL_CLAIM_LEASE_SECONDS). */
const REPLY_CLAIM_LEASE_MS = env.mailClaimLeaseMs;

const deletedMessage = () => new AppError(409, 'A deleted message cannot be answered');

/**
 * Hands a claimed reply to the mail server and records it sent; a refused mail releases its claim, so the
 * reply stays "not sent" and can be sent again. Never throws for a refused mail: the reply is kept either way.
 */
async function mailClaimedReply(payload: Payload, reply: Doc, notification: Doc, claimedAt: Date): Promise<boolean> {
  const id = String(reply.id);
  try {
    await sendReplyMail(payload, id, str(reply.message), {
      firstname: str(notification.firstname),
      lastname: str(notification.lastname),
      email: str(notification.email),
      title: str(notification.title),
      message: str(notification.message),
      created_at: str(notification.createdAt),
    });
  } catch (err) {
    payload.logger.error({ err, msg: `reply ${id} to message ${String(notification.id)}: the mail was refused` });
    await setDatesIf(payload, 'notification-replies', id, { mail_claimed_at: null }, [
      [{ field: 'mail_claimed_at', equals: claimedAt }],
    ]);
    return false;
  }
  await setDatesIf(payload, 'notification-replies', id, { mail_sent_at: new Date(), mail_claimed_at: null }, []);
  return true;
}

/**
 * Answers a contact message: the reply is stored (claimed for sending, so nobody else sends it meanwhile),
 * logged in the audit log and the message marked resolved, all in one transaction; then mailed to the sender
 * and marked sent. A crash between the two leaves a stored, unsent reply whose claim lapses after the lease;
 * a refused mail leaves it unsent at once. Either way "Send again" (resendReply) delivers it.
 */
export async function replyToNotification(
  req: PayloadRequest,
  user: AdminUser,
  id: string,
  message: string,
): Promise<NotificationReply> {
  const payload = req.payload;
  const claimedAt = new Date();
  const { reply, notification } = await withTransaction(req, async () => {
    const found = await payload.find({
      collection: 'notifications',
      where: { id: { equals: id } },
      limit: 1,
      pagination: false,
      depth: 0,
      req,
      user,
      overrideAccess: false,
    });
    const doc = found.docs[0] as unknown as Doc | undefined;
    if (!doc) throw notFound(NOT_FOUND);
    if (doc.status === 'deleted') throw deletedMessage();
    const actor = describeActor(user);
    // The collection is closed to API writes: the admin was authorised above.
    const created = (await payload.create({
      collection: 'notification-replies',
      data: {
        notification: String(doc.id),
        message,
        by_user: actor.by_id,
        by: actor.by,
        mail_claimed_at: claimedAt.toISOString(),
      },
      depth: 0,
      req,
      overrideAccess: true,
    })) as unknown as Doc;
    // Replies have no audit hook of their own: the entry is written here, on the message it answers, and
    // signed by the admin even if a caller's `req` carries no user (the create above overrode access).
    req.context[AUDIT_ACTOR] ??= actor;
    await writeAuditEntry(req, {
      collection: 'notifications',
      record_id: String(doc.id),
      operation: 'update',
      changes: { reply: { after: message } },
    });
    // The status change is logged by the collection's hook, in this transaction.
    const updated =
      doc.status === 'resolved'
        ? doc
        : ((await payload.update({
            collection: 'notifications',
            id: String(doc.id),
            data: { status: 'resolved' },
            depth: 0,
            req,
            user,
            overrideAccess: false,
          })) as unknown as Doc);
    return { reply: created, notification: updated };
  });
  const sent = await mailClaimedReply(payload, reply, notification, claimedAt);
  return { ...toReply(reply), mail_sent: sent };
}

/**
 * Sends an unsent reply again (the mail server refused it, or its sender died). One atomic claim decides who
 * sends: a reply already sent is answered as it is, one being sent right now (claimed within the lease) is a
 * 409. The reply is answered with `mail_sent` as it stands after the attempt.
 */
export async function resendReply(
  payload: Payload,
  user: AdminUser,
  notificationId: string,
  replyId: string,
): Promise<NotificationReply> {
  const notification = await findNotification(payload, user, notificationId);
  if (notification.status === 'deleted') throw deletedMessage();
  const found = await payload.find({
    collection: 'notification-replies',
    where: { and: [{ id: { equals: replyId } }, { notification: { equals: String(notification.id) } }] },
    limit: 1,
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  const reply = found.docs[0] as unknown as Doc | undefined;
  if (!reply) throw notFound('Reply not found');
  if (reply.mail_sent_at) return toReply(reply);
  const now = new Date();
  const claimed = await setDatesIf(payload, 'notification-replies', String(reply.id), { mail_claimed_at: now }, [
    [{ field: 'mail_sent_at', isNull: true }],
    [
      { field: 'mail_claimed_at', isNull: true },
      { field: 'mail_claimed_at', before: new Date(now.getTime() - REPLY_CLAIM_LEASE_MS) },
    ],
  ]);
  if (!claimed) throw new AppError(409, 'This reply is being sent right now');
  const sent = await mailClaimedReply(payload, reply, notification, now);
  return { ...toReply(reply), mail_sent: sent };
}
