import type { Payload } from 'payload';
import { clientPasswordHash } from '../lib/client-password';
import { env } from '../lib/env';

/**
 * The first admin of a production shop comes from ADMIN_EMAIL and ADMIN_PASSWORD, used once when there is
 * no user yet. There is no built-in default: without them a production shop has no admin until
 * `npm run create-admin` is run.
 */
export async function ensureFirstAdmin(payload: Payload): Promise<void> {
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true });
  if (totalDocs > 0 || !env.adminEmail || !env.adminPassword) return;
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
