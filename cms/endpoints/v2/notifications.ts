import { idSchema, notificationsQuerySchema, notificationUpdateSchema } from '@shop/shared/admin';
import { body, param, query, requireAdmin, v2 } from '../../lib/endpoint';
import {
  deleteNotification,
  getNotification,
  listNotifications,
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
    const { status } = await body(req, notificationUpdateSchema);
    return { result: await setNotificationStatus(req.payload, user, id, status) };
  }),
  v2('delete', '/notifications/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await deleteNotification(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
];
