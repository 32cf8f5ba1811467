import type { Payload } from 'payload';
import { clientPasswordHash } from '../lib/client-password';
import { env } from '../lib/env';

/**
 * The first admin of a production shop comes from ADMIN_EMAIL and ADMIN_PASSWORD, used when the shop has no
 * active admin: a new database, or one a development start made, whose demo admin a production start
 * disables (services/auth/published-accounts.ts). An account that already has that email is left as it is.
 * There is no built-in default: without them a production shop has no admin until `npm run create-admin`.
 */
export async function ensureFirstAdmin(payload: Payload): Promise<void> {
  if (!env.adminEmail || !env.adminPassword) return;
  const { totalDocs } = await payload.count({
    collection: 'users',
    where: {
      or: [
        { and: [{ active: { not_equals: false } }, { role: { equals: 'admin' } }] },
        { email: { equals: env.adminEmail.trim().toLowerCase() } },
      ],
    },
    overrideAccess: true,
  });
  if (totalDocs > 0) return;
  try {
    await payload.create({
      collection: 'users',
      data: {
        email: env.adminEmail,
        password: clientPasswordHash(env.adminPassword),
        firstname: 'Shop',
        lastname: 'Owner',
        active: true,
      },
      overrideAccess: true,
    });
  } catch (err) {
    // Replicas started together on a new database all see no user; the email's unique index lets one create
    // the admin, and the others find it made and start normally.
    const { totalDocs: now } = await payload.count({
      collection: 'users',
      where: { email: { equals: env.adminEmail } },
      overrideAccess: true,
    });
    if (now > 0) return;
    throw err;
  }
  payload.logger.info(`First admin ${env.adminEmail} created from ADMIN_EMAIL`);
}
