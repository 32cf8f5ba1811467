import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`assets\` ADD \`sizes_preview_url\` text;`)
  await db.run(sql`ALTER TABLE \`assets\` ADD \`sizes_preview_width\` numeric;`)
  await db.run(sql`ALTER TABLE \`assets\` ADD \`sizes_preview_height\` numeric;`)
  await db.run(sql`ALTER TABLE \`assets\` ADD \`sizes_preview_mime_type\` text;`)
  await db.run(sql`ALTER TABLE \`assets\` ADD \`sizes_preview_filesize\` numeric;`)
  await db.run(sql`ALTER TABLE \`assets\` ADD \`sizes_preview_filename\` text;`)
  await db.run(sql`CREATE INDEX \`assets_sizes_preview_sizes_preview_filename_idx\` ON \`assets\` (\`sizes_preview_filename\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`assets_sizes_preview_sizes_preview_filename_idx\`;`)
  await db.run(sql`ALTER TABLE \`assets\` DROP COLUMN \`sizes_preview_url\`;`)
  await db.run(sql`ALTER TABLE \`assets\` DROP COLUMN \`sizes_preview_width\`;`)
  await db.run(sql`ALTER TABLE \`assets\` DROP COLUMN \`sizes_preview_height\`;`)
  await db.run(sql`ALTER TABLE \`assets\` DROP COLUMN \`sizes_preview_mime_type\`;`)
  await db.run(sql`ALTER TABLE \`assets\` DROP COLUMN \`sizes_preview_filesize\`;`)
  await db.run(sql`ALTER TABLE \`assets\` DROP COLUMN \`sizes_preview_filename\`;`)
}
