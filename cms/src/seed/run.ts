/**
 * `npm run seed`: fills an empty database with the demo shop (development only) and prints what it holds.
 * DATA_DIR / DATABASE_URI pick the database as for the server.
 */
if (process.env.NODE_ENV === 'production') {
  console.error('npm run seed: demo data is never seeded in production (NODE_ENV=production)');
  process.exit(1);
}

// Loaded after the check: the config reads the environment (and wants PAYLOAD_SECRET in production).
const { getPayload } = await import('payload');
const { default: config } = await import('../payload.config');
const { DEMO_ADMIN, seedDemoData } = await import('./index');

const startedAt = performance.now();
try {
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
  console.log(`\n  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (development only)`);
  console.log(`  Total ${Math.round(performance.now() - startedAt)} ms\n`);
  process.exit(0);
} catch (err) {
  console.error(err);
  process.exit(1);
}

export {};
