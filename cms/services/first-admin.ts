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
  payload.logger.info(`First admin ${env.adminEmail} created from ADMIN_EMAIL`);
}
