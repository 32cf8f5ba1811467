import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`recipes_products\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` text(36) NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`product_id\` text(36),
  	\`quantity\` numeric DEFAULT 1,
  	FOREIGN KEY (\`product_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`recipes\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`recipes_products_order_idx\` ON \`recipes_products\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`recipes_products_parent_id_idx\` ON \`recipes_products\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`recipes_products_product_idx\` ON \`recipes_products\` (\`product_id\`);`)
  await db.run(sql`CREATE TABLE \`_recipes_v_version_products\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` text(36) NOT NULL,
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`product_id\` text(36),
  	\`quantity\` numeric DEFAULT 1,
  	\`_uuid\` text,
  	FOREIGN KEY (\`product_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_recipes_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_recipes_v_version_products_order_idx\` ON \`_recipes_v_version_products\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_recipes_v_version_products_parent_id_idx\` ON \`_recipes_v_version_products\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_recipes_v_version_products_product_idx\` ON \`_recipes_v_version_products\` (\`product_id\`);`)
  // Keep every product a recipe (and each of its versions) already names, in its order, as one of each.
  await db.run(sql`INSERT INTO \`recipes_products\` (\`_order\`, \`_parent_id\`, \`id\`, \`product_id\`, \`quantity\`)
  	SELECT ROW_NUMBER() OVER (PARTITION BY \`parent_id\` ORDER BY \`order\`, \`id\`), \`parent_id\`,
  	  lower(hex(randomblob(12))), \`products_id\`, 1
  	FROM \`recipes_rels\` WHERE \`path\` = 'products' AND \`products_id\` IS NOT NULL;`)
  await db.run(sql`INSERT INTO \`_recipes_v_version_products\` (\`_order\`, \`_parent_id\`, \`id\`, \`product_id\`, \`quantity\`, \`_uuid\`)
  	SELECT \`n\`, \`parent_id\`, \`row_id\`, \`products_id\`, 1, \`row_id\` FROM (
  	  SELECT ROW_NUMBER() OVER (PARTITION BY \`parent_id\` ORDER BY \`order\`, \`id\`) AS \`n\`, \`parent_id\`,
  	    lower(hex(randomblob(12))) AS \`row_id\`, \`products_id\`
  	  FROM \`_recipes_v_rels\` WHERE \`path\` = 'products' AND \`products_id\` IS NOT NULL);`)
  await db.run(sql`DROP TABLE \`recipes_rels\`;`)
  await db.run(sql`DROP TABLE \`_recipes_v_rels\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
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
  // Back to a plain list: the products stay in their order, the quantities are lost.
  await db.run(sql`INSERT INTO \`recipes_rels\` (\`order\`, \`parent_id\`, \`path\`, \`products_id\`)
  	SELECT \`_order\`, \`_parent_id\`, 'products', \`product_id\` FROM \`recipes_products\` WHERE \`product_id\` IS NOT NULL;`)
  await db.run(sql`INSERT INTO \`_recipes_v_rels\` (\`order\`, \`parent_id\`, \`path\`, \`products_id\`)
  	SELECT \`_order\`, \`_parent_id\`, 'products', \`product_id\` FROM \`_recipes_v_version_products\` WHERE \`product_id\` IS NOT NULL;`)
  await db.run(sql`DROP TABLE \`recipes_products\`;`)
  await db.run(sql`DROP TABLE \`_recipes_v_version_products\`;`)
}
