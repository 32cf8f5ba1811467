import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`confirmation_claimed_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`confirmation_resent_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`shop_notified_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`shop_notice_claimed_at\` text;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`secret_hash\` text;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`captured\` text;`)
  await db.run(sql`CREATE INDEX \`payments_status_idx\` ON \`payments\` (\`status\`);`)
  // Orders from before this migration had their shop notice sent with the confirmation (or lost with it):
  // mark them done, or the reconciler would mail the shop about every recent order again.
  await db.run(sql`UPDATE \`orders\` SET \`shop_notified_at\` = COALESCE(\`confirmation_sent_at\`, \`created_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`payments_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`secret_hash\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`captured\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`confirmation_claimed_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`confirmation_resent_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`shop_notified_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`shop_notice_claimed_at\`;`)
}
