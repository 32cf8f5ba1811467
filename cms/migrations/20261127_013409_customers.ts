import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'
import { customerIdOf } from '../lib/customer-id'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`customer_id\` text;`)
  await db.run(sql`CREATE INDEX \`compound_index_idx\` ON \`orders\` (\`customer_id\`,\`created_at\`,\`transaction_gross_amount\`,\`transaction_refunded_amount\`);`)
  // Backfill: every existing order gets the customer of its payer email, computed as the Orders hook does
  // (in JavaScript: SQLite's lower() and trim() know only ASCII letters and spaces).
  const rows = await db.all<{ id: string; email: string | null }>(
    sql`SELECT \`id\`, \`payer_email_address\` AS \`email\` FROM \`orders\``,
  )
  for (const row of rows) {
    const customerId = customerIdOf(row.email)
    if (customerId) await db.run(sql`UPDATE \`orders\` SET \`customer_id\` = ${customerId} WHERE \`id\` = ${row.id}`)
  }
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`compound_index_idx\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`customer_id\`;`)
}
