import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`market_days\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`place\` text NOT NULL,
  	\`date\` text NOT NULL,
  	\`opens_at\` text NOT NULL,
  	\`closes_at\` text NOT NULL,
  	\`pickup\` integer DEFAULT false,
  	\`status\` text DEFAULT 'PLANNED' NOT NULL,
  	\`opening_cash\` numeric,
  	\`counted_cash\` numeric,
  	\`opened_at\` text,
  	\`closed_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`market_days_date_idx\` ON \`market_days\` (\`date\`);`)
  await db.run(sql`CREATE INDEX \`market_days_pickup_idx\` ON \`market_days\` (\`pickup\`);`)
  await db.run(sql`CREATE INDEX \`market_days_status_idx\` ON \`market_days\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`market_days_updated_at_idx\` ON \`market_days\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`market_days_created_at_idx\` ON \`market_days\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`channel\` text DEFAULT 'online';`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`payment_method\` text DEFAULT 'paypal';`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`market_day_id\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`client_id\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`recorded_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`cash_received\` numeric;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`change_given\` numeric;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`market_discount\` numeric;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`market_discount_label\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`pickup_day_id\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`pickup_reminder_sent_at\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`pickup_reminder_claimed_at\` text;`)
  await db.run(sql`CREATE INDEX \`orders_channel_idx\` ON \`orders\` (\`channel\`);`)
  await db.run(sql`CREATE INDEX \`orders_market_day_id_idx\` ON \`orders\` (\`market_day_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_client_id_idx\` ON \`orders\` (\`client_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_pickup_day_id_idx\` ON \`orders\` (\`pickup_day_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`market_days_id\` text(36) REFERENCES market_days(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_market_days_id_idx\` ON \`payload_locked_documents_rels\` (\`market_days_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`market_days\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` text(36) NOT NULL,
  	\`path\` text NOT NULL,
  	\`users_id\` text(36),
  	\`assets_id\` text(36),
  	\`categories_id\` text(36),
  	\`products_id\` text(36),
  	\`recipes_id\` text(36),
  	\`orders_id\` text(36),
  	\`payments_id\` text(36),
  	\`notifications_id\` text(36),
  	\`changelogs_id\` text(36),
  	\`coupons_id\` text(36),
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`assets_id\`) REFERENCES \`assets\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`categories_id\`) REFERENCES \`categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`products_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`recipes_id\`) REFERENCES \`recipes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`orders_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`payments_id\`) REFERENCES \`payments\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`notifications_id\`) REFERENCES \`notifications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`changelogs_id\`) REFERENCES \`changelogs\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`coupons_id\`) REFERENCES \`coupons\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "assets_id", "categories_id", "products_id", "recipes_id", "orders_id", "payments_id", "notifications_id", "changelogs_id", "coupons_id") SELECT "id", "order", "parent_id", "path", "users_id", "assets_id", "categories_id", "products_id", "recipes_id", "orders_id", "payments_id", "notifications_id", "changelogs_id", "coupons_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_assets_id_idx\` ON \`payload_locked_documents_rels\` (\`assets_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_categories_id_idx\` ON \`payload_locked_documents_rels\` (\`categories_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_products_id_idx\` ON \`payload_locked_documents_rels\` (\`products_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_recipes_id_idx\` ON \`payload_locked_documents_rels\` (\`recipes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payments_id_idx\` ON \`payload_locked_documents_rels\` (\`payments_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_notifications_id_idx\` ON \`payload_locked_documents_rels\` (\`notifications_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_changelogs_id_idx\` ON \`payload_locked_documents_rels\` (\`changelogs_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coupons_id_idx\` ON \`payload_locked_documents_rels\` (\`coupons_id\`);`)
  await db.run(sql`DROP INDEX \`orders_channel_idx\`;`)
  await db.run(sql`DROP INDEX \`orders_market_day_id_idx\`;`)
  await db.run(sql`DROP INDEX \`orders_client_id_idx\`;`)
  await db.run(sql`DROP INDEX \`orders_pickup_day_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`channel\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`payment_method\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`market_day_id\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`client_id\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`recorded_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`cash_received\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`change_given\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`market_discount\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`market_discount_label\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`pickup_day_id\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`pickup_reminder_sent_at\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`pickup_reminder_claimed_at\`;`)
}
