import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`refunds\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`order_id\` text(36),
  	\`payment_id\` text(36),
  	\`capture_id\` text NOT NULL,
  	\`request_id\` text NOT NULL,
  	\`paypal_refund_id\` text,
  	\`amount\` text NOT NULL,
  	\`currency_code\` text NOT NULL,
  	\`reason\` text,
  	\`status\` text NOT NULL,
  	\`source\` text NOT NULL,
  	\`by_user_id\` text(36),
  	\`by\` text NOT NULL,
  	\`failure\` text,
  	\`mail_claimed_at\` text,
  	\`mail_sent_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`payment_id\`) REFERENCES \`payments\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`by_user_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`refunds_order_idx\` ON \`refunds\` (\`order_id\`);`)
  await db.run(sql`CREATE INDEX \`refunds_payment_idx\` ON \`refunds\` (\`payment_id\`);`)
  await db.run(sql`CREATE INDEX \`refunds_capture_id_idx\` ON \`refunds\` (\`capture_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`refunds_request_id_idx\` ON \`refunds\` (\`request_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`refunds_paypal_refund_id_idx\` ON \`refunds\` (\`paypal_refund_id\`);`)
  await db.run(sql`CREATE INDEX \`refunds_status_idx\` ON \`refunds\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`refunds_by_user_idx\` ON \`refunds\` (\`by_user_id\`);`)
  await db.run(sql`CREATE INDEX \`refunds_updated_at_idx\` ON \`refunds\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`refunds_created_at_idx\` ON \`refunds\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`notification_replies\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`notification_id\` text(36),
  	\`message\` text NOT NULL,
  	\`by_user_id\` text(36),
  	\`by\` text NOT NULL,
  	\`mail_claimed_at\` text,
  	\`mail_sent_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`notification_id\`) REFERENCES \`notifications\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`by_user_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`notification_replies_notification_idx\` ON \`notification_replies\` (\`notification_id\`);`)
  await db.run(sql`CREATE INDEX \`notification_replies_by_user_idx\` ON \`notification_replies\` (\`by_user_id\`);`)
  await db.run(sql`CREATE INDEX \`notification_replies_updated_at_idx\` ON \`notification_replies\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`notification_replies_created_at_idx\` ON \`notification_replies\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`transaction_refunded_amount\` text;`)
  await db.run(sql`ALTER TABLE \`order_events\` ADD \`amount\` text;`)
  await db.run(sql`ALTER TABLE \`order_events\` ADD \`refund_id\` text(36) REFERENCES refunds(id);`)
  await db.run(sql`ALTER TABLE \`order_events\` ADD \`mail_claimed_at\` text;`)
  await db.run(sql`ALTER TABLE \`order_events\` ADD \`mail_sent_at\` text;`)
  await db.run(sql`CREATE INDEX \`order_events_refund_idx\` ON \`order_events\` (\`refund_id\`);`)
  await db.run(sql`ALTER TABLE \`shop_settings\` ADD \`tracking_url_template\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`refunds\`;`)
  await db.run(sql`DROP TABLE \`notification_replies\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_order_events\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`order_id\` text(36),
  	\`type\` text NOT NULL,
  	\`by_user_id\` text(36),
  	\`by\` text NOT NULL,
  	\`at\` text NOT NULL,
  	\`from\` text,
  	\`to\` text,
  	\`tracking_number\` text,
  	\`note\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`by_user_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_order_events\`("id", "order_id", "type", "by_user_id", "by", "at", "from", "to", "tracking_number", "note", "updated_at", "created_at") SELECT "id", "order_id", "type", "by_user_id", "by", "at", "from", "to", "tracking_number", "note", "updated_at", "created_at" FROM \`order_events\`;`)
  await db.run(sql`DROP TABLE \`order_events\`;`)
  await db.run(sql`ALTER TABLE \`__new_order_events\` RENAME TO \`order_events\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`order_events_order_idx\` ON \`order_events\` (\`order_id\`);`)
  await db.run(sql`CREATE INDEX \`order_events_by_user_idx\` ON \`order_events\` (\`by_user_id\`);`)
  await db.run(sql`CREATE INDEX \`order_events_at_idx\` ON \`order_events\` (\`at\`);`)
  await db.run(sql`CREATE INDEX \`order_events_updated_at_idx\` ON \`order_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`order_events_created_at_idx\` ON \`order_events\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`transaction_refunded_amount\`;`)
  await db.run(sql`ALTER TABLE \`shop_settings\` DROP COLUMN \`tracking_url_template\`;`)
}
