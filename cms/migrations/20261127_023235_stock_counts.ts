import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`products\` ADD \`stock_quantity\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`low_stock_threshold\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`stock_holds\` text;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`stock_state\` text;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`stock_taken_at\` text;`)
  await db.run(sql`CREATE INDEX \`payments_stock_state_idx\` ON \`payments\` (\`stock_state\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`payments_stock_state_idx\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`stock_state\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`stock_taken_at\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`stock_quantity\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`low_stock_threshold\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`stock_holds\`;`)
}
