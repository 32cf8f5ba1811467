import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`recipes_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` text(36) NOT NULL,
  	\`path\` text NOT NULL,
  	\`products_id\` text(36),
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`recipes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`products_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`recipes_rels_order_idx\` ON \`recipes_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`recipes_rels_parent_idx\` ON \`recipes_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`recipes_rels_path_idx\` ON \`recipes_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`recipes_rels_products_id_idx\` ON \`recipes_rels\` (\`products_id\`);`)
  await db.run(sql`CREATE TABLE \`_recipes_v_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` text(36) NOT NULL,
  	\`path\` text NOT NULL,
  	\`products_id\` text(36),
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`_recipes_v\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`products_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_recipes_v_rels_order_idx\` ON \`_recipes_v_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`_recipes_v_rels_parent_idx\` ON \`_recipes_v_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_recipes_v_rels_path_idx\` ON \`_recipes_v_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`_recipes_v_rels_products_id_idx\` ON \`_recipes_v_rels\` (\`products_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`recipes_rels\`;`)
  await db.run(sql`DROP TABLE \`_recipes_v_rels\`;`)
}
