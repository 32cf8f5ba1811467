import {
  idSchema,
  notificationReplySchema,
  notificationsQuerySchema,
  notificationUpdateSchema,
} from '@shop/shared/admin';
import { body, param, query, requireAdmin, v2 } from '../../lib/endpoint';
import {
  deleteNotification,
  getNotification,
  listNotifications,
  replyToNotification,
  resendReply,
  setNotificationStatus,
} from '../../services/admin/notifications';

/** SPEC §7 Admin: contact messages. Shoppers create them through POST contacts; only admins read them. */
export const notificationEndpoints = [
  v2('get', '/notifications', async (req) => {
    const user = requireAdmin(req);
    const { items, pagination } = await listNotifications(req.payload, user, query(req, notificationsQuerySchema));
    return { result: items, pagination };
  }),
  v2('get', '/notifications/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getNotification(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
  v2('put', '/notifications/:id', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const { status, from } = await body(req, notificationUpdateSchema);
    return { result: await setNotificationStatus(req.payload, user, id, status, from) };
  }),
  // Issue 22 §3: an answer mailed to the sender, kept under the message (rate limited in express-app.ts).
  v2('post', '/notifications/:id/replies', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const { message } = await body(req, notificationReplySchema);
    return { result: await replyToNotification(req, user, id, message), status: 201 };
  }),
  v2('post', '/notifications/:id/replies/:reply/send', async (req) => {
    const user = requireAdmin(req);
    const id = idSchema.parse(param(req, 'id'));
    const replyId = idSchema.parse(param(req, 'reply'));
    return { result: await resendReply(req.payload, user, id, replyId) };
  }),
  v2('delete', '/notifications/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await deleteNotification(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
];
