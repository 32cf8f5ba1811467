import type { CollectionConfig } from 'payload';
import { isAdmin } from '../access/is-admin';

const isProduction = process.env.NODE_ENV === 'production';

export const Users: CollectionConfig = {
  slug: 'users',
  access: {
    read: isAdmin,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  admin: { useAsTitle: 'email', defaultColumns: ['firstname', 'lastname', 'email', 'active'] },
  auth: {
    tokenExpiration: 60 * 60 * 8,
    maxLoginAttempts: 5,
    lockTime: 10 * 60 * 1000,
    cookies: { sameSite: 'Strict', secure: isProduction },
  },
  // Payload's first-register would let anyone claim an empty shop; the first admin comes from
  // ADMIN_EMAIL/ADMIN_PASSWORD or `npm run create-admin` instead.
  endpoints: [
    {
      path: '/first-register',
      method: 'post',
      handler: () => Response.json({ result: 'Forbidden', status: 403 }, { status: 403 }),
    },
  ],
  fields: [
    { name: 'firstname', type: 'text', required: true, maxLength: 100 },
    { name: 'lastname', type: 'text', required: true, maxLength: 100 },
    { name: 'telephone', type: 'text', maxLength: 40 },
    { name: 'active', type: 'checkbox', defaultValue: true },
    { name: 'last_access', type: 'date' },
  ],
};
