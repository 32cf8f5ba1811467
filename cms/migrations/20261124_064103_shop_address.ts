import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`shop_settings\` ADD \`shop_name\` text;`)
  await db.run(sql`ALTER TABLE \`shop_settings\` ADD \`shop_address\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`shop_settings\` DROP COLUMN \`shop_name\`;`)
  await db.run(sql`ALTER TABLE \`shop_settings\` DROP COLUMN \`shop_address\`;`)
}
