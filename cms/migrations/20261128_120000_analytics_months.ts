import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Issue 33 §2: the analytics' per-month summaries (cms/lib/analytics-months.ts). Written by hand: the table is
// no Payload collection, so Payload's schema (and the .json snapshot, a copy of the previous one) is unchanged.
// Empty at first: each month is computed from its orders the first time it is asked for.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`analytics_months\` (
  	\`year\` integer NOT NULL,
  	\`month\` integer NOT NULL,
  	\`generation\` integer DEFAULT 0 NOT NULL,
  	\`computed_generation\` integer,
  	\`summary\` text,
  	PRIMARY KEY(\`year\`, \`month\`)
  );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`analytics_months\`;`)
}
