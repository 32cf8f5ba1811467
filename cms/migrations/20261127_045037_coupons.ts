import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * Discount codes (issue 24 §3): the coupons table (code unique: codes are stored in capitals, so the index
 * holds across cases), the code and its discount on orders and payments, and the payment's use state. SQLite
 * only: on MongoDB the collection and its indexes (the unique code among them) are made by Payload's mongoose
 * models at start, and the new fields of orders and payments need no change of the stored documents.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`coupons\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`code\` text NOT NULL,
  	\`kind\` text DEFAULT 'percent' NOT NULL,
  	\`amount\` numeric NOT NULL,
  	\`min_subtotal\` numeric,
  	\`starts_at\` text,
  	\`ends_at\` text,
  	\`max_uses\` numeric,
  	\`active\` integer DEFAULT true,
  	\`uses_count\` numeric DEFAULT 0,
  	\`use_holds\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`coupons_code_idx\` ON \`coupons\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`coupons_ends_at_idx\` ON \`coupons\` (\`ends_at\`);`)
  await db.run(sql`CREATE INDEX \`coupons_active_idx\` ON \`coupons\` (\`active\`);`)
  await db.run(sql`CREATE INDEX \`coupons_updated_at_idx\` ON \`coupons\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`coupons_created_at_idx\` ON \`coupons\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`coupon_code\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`coupon_discount\` numeric;`)
  await db.run(sql`CREATE INDEX \`orders_coupon_code_idx\` ON \`orders\` (\`coupon_code\`);`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`coupon_id\` text;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`coupon_code\` text;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`coupon_discount\` numeric;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`coupon_state\` text;`)
  await db.run(sql`ALTER TABLE \`payments\` ADD \`coupon_taken_at\` text;`)
  await db.run(sql`CREATE INDEX \`payments_coupon_state_idx\` ON \`payments\` (\`coupon_state\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`coupons_id\` text(36) REFERENCES coupons(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coupons_id_idx\` ON \`payload_locked_documents_rels\` (\`coupons_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`coupons\`;`)
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
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`assets_id\`) REFERENCES \`assets\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`categories_id\`) REFERENCES \`categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`products_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`recipes_id\`) REFERENCES \`recipes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`orders_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`payments_id\`) REFERENCES \`payments\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`notifications_id\`) REFERENCES \`notifications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`changelogs_id\`) REFERENCES \`changelogs\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "assets_id", "categories_id", "products_id", "recipes_id", "orders_id", "payments_id", "notifications_id", "changelogs_id") SELECT "id", "order", "parent_id", "path", "users_id", "assets_id", "categories_id", "products_id", "recipes_id", "orders_id", "payments_id", "notifications_id", "changelogs_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`DROP INDEX \`orders_coupon_code_idx\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`coupon_code\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`coupon_discount\`;`)
  await db.run(sql`DROP INDEX \`payments_coupon_state_idx\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`coupon_id\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`coupon_code\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`coupon_discount\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`coupon_state\`;`)
  await db.run(sql`ALTER TABLE \`payments\` DROP COLUMN \`coupon_taken_at\`;`)
}
