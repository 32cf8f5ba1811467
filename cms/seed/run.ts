/**
 * `npm run seed`: fills an empty database with the demo shop and prints what it holds. DATA_DIR /
 * DATABASE_URI pick the database as for the server. With NODE_ENV=production (a demo install) the demo admin
 * is not created: the admin comes from ADMIN_EMAIL/ADMIN_PASSWORD or `npm run create-admin`.
 */
const isProduction = process.env.NODE_ENV === 'production';

const startedAt = performance.now();
try {
  // Loaded inside the try: the config opens the data folder, and a failure there gets the one-line report.
  const { getPayload } = await import('payload');
  const config = await (await import('../lib/load-config')).loadPayloadConfig();
  const { DEMO_ADMIN, seedDemoData } = await import('./index');
  const payload = await getPayload({ config });
  const summary = await seedDemoData(payload);
  const collections = [
    'categories',
    'products',
    'recipes',
    'assets',
    'orders',
    'notifications',
    'changelogs',
    'users',
  ] as const;
  const counts = await Promise.all(
    collections.map(
      async (collection) =>
        [collection, (await payload.count({ collection, overrideAccess: true })).totalDocs] as const,
    ),
  );
  console.log(summary ? `\n  Demo data seeded in ${summary.ms} ms` : '\n  Products already exist: nothing seeded');
  if (summary)
    console.log(
      `  ${Object.entries(summary.steps)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')}\n`,
    );
  for (const [collection, count] of counts) console.log(`  ${collection.padEnd(14)} ${count}`);
  if (!isProduction) console.log(`\n  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (development only)`);
  console.log(`  Total ${Math.round(performance.now() - startedAt)} ms\n`);
  process.exit(0);
} catch (err) {
  // One line, as when the server does not start (server.ts); the stack only with LOG_LEVEL=debug.
  console.error(`npm run seed: ${err instanceof Error ? err.message : String(err)}`);
  if (/^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '') && err instanceof Error) console.error(err.stack);
  process.exit(1);
}

export {};
