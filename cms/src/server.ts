import type { Server } from 'node:http';
import { getPayload } from 'payload';
import { createApp } from './app';
import config from './payload.config';
import { env, isProduction } from './lib/env';
import { ensureFirstAdmin } from './services/first-admin';
import { DEMO_ADMIN, seedDemo } from './seed';

const startedAt = performance.now();
const payload = await getPayload({ config });

if (env.seedDemo) {
  const { totalDocs } = await payload.count({ collection: 'products', overrideAccess: true });
  if (totalDocs === 0) {
    payload.logger.info('Empty database: seeding demo data');
    await seedDemo(payload);
  }
}
await ensureFirstAdmin(payload);

const app = createApp(payload, config);
const server: Server = app.listen(env.port, () => {
  const ms = Math.round(performance.now() - startedAt);
  const url = `http://localhost:${env.port}`;
  console.log(`\n  Shop ready at ${url}  (storefront ${url}/site, control centre ${url}/admin) in ${ms} ms`);
  if (!isProduction && env.seedDemo) {
    console.log(`  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (development only)\n`);
  }
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    try {
      await payload.db.destroy?.();
    } finally {
      process.exit(0);
    }
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
