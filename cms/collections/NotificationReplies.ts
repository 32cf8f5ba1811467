import type { CollectionConfig } from 'payload';
import { hiddenFromEditors, isAdmin } from '../access/roles';

/**
 * An admin's answer to a contact message (issue 22): mailed to the sender with the shop's address as
 * Reply-To, kept under the message with who sent it and when. Written only by services/admin/notifications.ts;
 * read by admins through GET /api/v2/notifications/{id}.
 */
export const NotificationReplies: CollectionConfig = {
  slug: 'notification-replies',
  access: {
    read: isAdmin,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  admin: { useAsTitle: 'message', hidden: hiddenFromEditors },
  lockDocuments: false,
  fields: [
    // Not `required`: the column must take the NULL the database sets when a message is deleted.
    { name: 'notification', type: 'relationship', relationTo: 'notifications', index: true },
    { name: 'message', type: 'textarea', required: true, maxLength: 5000 },
    { name: 'by_user', type: 'relationship', relationTo: 'users' },
    { name: 'by', type: 'text', required: true, maxLength: 400 },
    // Claimed before the mail is handed over and marked once the mail server took it, as order mails are.
    { name: 'mail_claimed_at', type: 'date' },
    { name: 'mail_sent_at', type: 'date' },
  ],
};
