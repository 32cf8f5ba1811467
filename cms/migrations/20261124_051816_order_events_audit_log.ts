import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`order_events\` (
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
  await db.run(sql`CREATE INDEX \`order_events_order_idx\` ON \`order_events\` (\`order_id\`);`)
  await db.run(sql`CREATE INDEX \`order_events_by_user_idx\` ON \`order_events\` (\`by_user_id\`);`)
  await db.run(sql`CREATE INDEX \`order_events_at_idx\` ON \`order_events\` (\`at\`);`)
  await db.run(sql`CREATE INDEX \`order_events_updated_at_idx\` ON \`order_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`order_events_created_at_idx\` ON \`order_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`audit_log\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`user_id\` text(36),
  	\`by\` text NOT NULL,
  	\`at\` text NOT NULL,
  	\`collection\` text NOT NULL,
  	\`record_id\` text NOT NULL,
  	\`operation\` text NOT NULL,
  	\`changes\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`audit_log_user_idx\` ON \`audit_log\` (\`user_id\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_at_idx\` ON \`audit_log\` (\`at\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_collection_idx\` ON \`audit_log\` (\`collection\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_record_id_idx\` ON \`audit_log\` (\`record_id\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_operation_idx\` ON \`audit_log\` (\`operation\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_updated_at_idx\` ON \`audit_log\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_created_at_idx\` ON \`audit_log\` (\`created_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`order_events\`;`)
  await db.run(sql`DROP TABLE \`audit_log\`;`)
}
