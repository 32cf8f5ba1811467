import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`categories\` ADD \`publish_at\` text;`)
  await db.run(sql`CREATE INDEX \`categories_publish_at_idx\` ON \`categories\` (\`publish_at\`);`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`publish_at\` text;`)
  await db.run(sql`CREATE INDEX \`products_publish_at_idx\` ON \`products\` (\`publish_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`status_history\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`categories_publish_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`categories\` DROP COLUMN \`publish_at\`;`)
  await db.run(sql`DROP INDEX \`products_publish_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`publish_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`status_history\`;`)
}
