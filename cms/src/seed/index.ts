import type { Payload } from 'payload';
import { clientPasswordHash } from '../services/first-admin';

/** Development only: printed on start, never created when NODE_ENV=production. */
export const DEMO_ADMIN = { email: 'admin@bottega.example', password: 'Bottega2025!' } as const;

// Placeholder until the demo data module lands: only the demo admin.
export async function seedDemo(payload: Payload): Promise<void> {
  if (process.env.NODE_ENV === 'production') throw new Error('Demo data is never seeded in production');
  await payload.create({
    collection: 'users',
    data: { email: DEMO_ADMIN.email, password: clientPasswordHash(DEMO_ADMIN.password), firstname: 'Demo', lastname: 'Admin' },
    overrideAccess: true,
  });
}
