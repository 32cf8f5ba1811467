import type { Server } from 'node:http';

const startedAt = performance.now();

/**
 * A failed start ends with one line naming the cause and exit code 1: whoever reads it (an operator, a
 * service manager's journal) has to fix the environment, not the code. The stack is for LOG_LEVEL=debug.
 */
function refuseToStart(err: unknown): never {
  console.error(`The shop did not start: ${err instanceof Error ? err.message : String(err)}`);
  if (/^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '') && err instanceof Error) console.error(err.stack);
  process.exit(1);
}

/**
 * Seeding decodes and resizes dozens of images with sharp; run inside the server, that memory stays in its
 * resident set for as long as it runs (issue 12: 475 MiB instead of 230 after a first start). In a process of
 * its own (`npm run seed`'s entry, next to this file as TypeScript or compiled) it is returned when it exits.
 */
async function seedInChildProcess(): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const entry = fileURLToPath(new URL(`./seed/run.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url));
  // The loader flags (tsx) must carry over; a watcher, a debugger and the server's heap limits must not.
  const nodeFlags = process.execArgv.filter(
    (flag) => !/^--(watch|inspect|max-old-space-size|max-semi-space-size)/.test(flag),
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, entry], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`seeding the demo data failed (exit code ${code}); see the lines above`);
}

/**
 * Said once at a production start: which accounts the published demo password would have opened (now
 * deactivated and refused at sign-in), and, when no active admin is left, how to make a real one.
 */
async function reportPublishedAccounts(payload: import('payload').Payload, disabled: string[]): Promise<void> {
  const { countActiveAdmins, listPublishedAccounts } = await import('./services/auth/published-accounts');
  const accounts = [...new Set([...disabled, ...(await listPublishedAccounts(payload))])].sort();
  if (accounts.length === 0) return;
  const noAdmin = (await countActiveAdmins(payload)) === 0;
  console.warn(
    `  Production: ${accounts.join(', ')} cannot sign in (the demo account, or the demo password the README ` +
      `publishes) and ${accounts.length === 1 ? 'is' : 'are'} deactivated.` +
      (noAdmin
        ? ' No active admin is left: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or run `npm run create-admin`.'
        : '') +
      '\n',
  );
}

async function start() {
  // Imported here rather than at the top so that a failure while loading (the config opens the data
  // folder) ends as refuseToStart says, not with Node's stack trace.
  const { getPayload } = await import('payload');
  const { createApp } = await import('./express-app');
  const config = await (await import('./lib/load-config')).loadPayloadConfig();
  const { env, isProduction } = await import('./lib/env');
  const { ensureFirstAdmin } = await import('./services/first-admin');
  const { DEMO_ADMIN } = await import('./seed/demo-admin');
  const redisModule = await import('./lib/redis');
  // Dialled first: a wrong REDIS_URL ends the start at once, in one line, before anything else is set up.
  const redis = redisModule.redisConfigured() ? await redisModule.getRedis() : null;

  // Connecting applies the pending migrations (lib/database.ts).
  const payload = await getPayload({ config });
  redisModule.setRedisLogger({
    warn: (msg) => payload.logger.warn({ msg }),
    info: (msg) => payload.logger.info({ msg }),
  });
  if (redis) {
    const { shareCatalogInvalidation } = await import('./lib/catalog-cache');
    await shareCatalogInvalidation(redis, await redisModule.createRedisSubscriber(), env.instanceId, (msg) =>
      payload.logger.warn({ msg }),
    );
  }
  if (env.seedDemo) {
    const { totalDocs } = await payload.count({ collection: 'products', overrideAccess: true });
    if (totalDocs === 0) {
      payload.logger.info('Empty database: seeding demo data');
      await seedInChildProcess();
    }
  }
  // A database a development start made opens no production shop with the published demo password.
  const disabledAccounts = isProduction
    ? await (await import('./services/auth/published-accounts')).disablePublishedAccounts(payload)
    : [];
  await ensureFirstAdmin(payload);
  // MongoDB has no migrations here: the order search's text index is made (and filled) at start (SQLite: a migration).
  await (await import('./lib/order-search-mongo')).ensureMongoOrderSearch(payload);

  const app = createApp(payload, config);
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(env.port);
    listening.once('listening', () => resolve(listening));
    listening.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`port ${env.port} is already in use (PORT=${env.port}); stop what uses it or set another PORT`)
          : err,
      ),
    );
  });

  // Payments a crash or a lost answer left unfinished, and unsent order mails: once now, then periodically;
  // and due scheduled publications. Each runs in one instance only, whichever holds its lease.
  const { startPaymentReconciler } = await import('./services/payment-reconciler');
  const { startScheduledPublishing } = await import('./services/scheduled-publishing');
  const leases = await import('./services/leases');
  const leaseLog = {
    info: (msg: string) => payload.logger.info({ msg }),
    warn: (msg: string) => payload.logger.warn({ msg }),
  };
  const databaseLeases = redis ? null : new leases.DatabaseLeaseStore(payload);
  const leaseOptions = {
    store: databaseLeases ?? new leases.RedisLeaseStore(redis!),
    owner: env.instanceId,
    ttlMs: env.lease.ttlMs,
    renewMs: env.lease.renewMs,
    log: leaseLog,
  };
  const background = [
    leases.runUnderLease(
      'payment-reconciler',
      () => startPaymentReconciler(payload, env.reconcileIntervalMs),
      leaseOptions,
    ),
    leases.runUnderLease(
      'scheduled-publishing',
      () => startScheduledPublishing(payload, env.scheduledPublishIntervalMs),
      leaseOptions,
    ),
  ];
  const sharing = redis
    ? `limits, cache invalidation and leases shared through Redis at ${redisModule.redactedRedisUrl()}`
    : 'no REDIS_URL: limits and caches in this process, leases in the database';
  payload.logger.info({ msg: `instance ${env.instanceId}: ${sharing}` });
  if (databaseLeases) {
    const warning =
      'rate limits and the sign-in throttle count per instance (a client gets the limit once per instance) ' +
      'and catalogue changes reach the other instances only when their cached copies expire (up to 30 s). ' +
      'Set REDIS_URL on every instance (README, "Running more than one instance").';
    if (env.instanceCount > 1)
      payload.logger.warn({ msg: `INSTANCE_COUNT is ${env.instanceCount} and REDIS_URL is not set: ${warning}` });
    else background.push(leases.watchForOtherInstances(databaseLeases, { ...leaseOptions, warning }));
  }
  const stopBackground = async () => {
    await Promise.all(background.map((stop) => stop()));
  };

  const ms = Math.round(performance.now() - startedAt);
  const url = `http://localhost:${env.port}`;
  console.log(`\n  Shop ready at ${url}  (storefront ${url}/site, control centre ${url}/admin) in ${ms} ms`);
  if (!isProduction && env.seedDemo) {
    console.log(`  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (development only)\n`);
  }
  if (isProduction) await reportPublishedAccounts(payload, disabledAccounts);
  return { server, payload, stopBackground, closeRedis: redisModule.closeRedis };
}

let started: Awaited<ReturnType<typeof start>>;
try {
  started = await start();
} catch (err) {
  refuseToStart(err);
}
const { server, payload, stopBackground, closeRedis } = started;

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // Leases are given up first, so that another instance takes the work over now rather than after their time.
  const backgroundStopped = stopBackground().catch(() => undefined);
  server.close(async () => {
    try {
      await backgroundStopped;
      await payload.db.destroy?.();
      await closeRedis();
    } finally {
      process.exit(0);
    }
  });
  server.closeIdleConnections();
  // Open live-alert streams would hold server.close() until the forced exit.
  void import('./lib/live-events').then(({ closeLiveStreams }) => closeLiveStreams());
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
