import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`transaction_reversed_amount\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`payment_alert\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`payment_alert_reason\` text;`)
  await db.run(sql`CREATE INDEX \`orders_payment_alert_idx\` ON \`orders\` (\`payment_alert\`);`)
  await db.run(sql`ALTER TABLE \`order_events\` ADD \`paypal_news\` text;`)
  await db.run(sql`ALTER TABLE \`order_events\` ADD \`paypal_key\` text;`)
  await db.run(sql`ALTER TABLE \`order_events\` ADD \`paypal_reason\` text;`)
  await db.run(sql`CREATE UNIQUE INDEX \`order_events_paypal_key_idx\` ON \`order_events\` (\`paypal_key\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`orders_payment_alert_idx\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`transaction_reversed_amount\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`payment_alert\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`payment_alert_reason\`;`)
  await db.run(sql`DROP INDEX \`order_events_paypal_key_idx\`;`)
  await db.run(sql`ALTER TABLE \`order_events\` DROP COLUMN \`paypal_news\`;`)
  await db.run(sql`ALTER TABLE \`order_events\` DROP COLUMN \`paypal_key\`;`)
  await db.run(sql`ALTER TABLE \`order_events\` DROP COLUMN \`paypal_reason\`;`)
}
