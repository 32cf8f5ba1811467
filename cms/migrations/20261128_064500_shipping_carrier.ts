import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`shipping_carrier\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`tracking_url\` text;`)
  await db.run(sql`ALTER TABLE \`refunds\` ADD \`internal_note\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`shipping_carrier\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`tracking_url\`;`)
  await db.run(sql`ALTER TABLE \`refunds\` DROP COLUMN \`internal_note\`;`)
}
