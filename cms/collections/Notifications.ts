import type { CollectionConfig } from 'payload';
import { NOTIFICATION_TYPES, RECORD_STATUSES } from '@shop/shared';
import { hiddenFromEditors, isAdmin } from '../access/roles';
import { refuseMessageStatus } from '../hooks/refuse-message-status';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

/** Contact messages and shop notices. Shoppers create them only through POST /api/v2/contacts. */
export const Notifications: CollectionConfig = {
  slug: 'notifications',
  access: {
    read: isAdmin,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  admin: { useAsTitle: 'title', hidden: hiddenFromEditors },
  fields: [
    { name: 'firstname', type: 'text', required: true, maxLength: 100 },
    { name: 'lastname', type: 'text', required: true, maxLength: 100 },
    { name: 'email', type: 'email', required: true },
    { name: 'telephone', type: 'text', maxLength: 40 },
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'message', type: 'textarea', required: true, maxLength: 5000 },
    {
      name: 'type',
      type: 'select',
      options: [...NOTIFICATION_TYPES],
      defaultValue: 'contact',
      required: true,
      index: true,
    },
    { name: 'status', type: 'select', options: [...RECORD_STATUSES], defaultValue: 'new', required: true, index: true },
  ],
  hooks: { beforeValidate: [stripControlCharactersHook], beforeChange: [refuseMessageStatus] },
};
