import { mongooseAdapter } from '@payloadcms/db-mongodb';
import { sqliteAdapter } from '@payloadcms/db-sqlite';
import { nodemailerAdapter } from '@payloadcms/email-nodemailer';
import { lexicalEditor } from '@payloadcms/richtext-lexical';
import { buildConfig, type DatabaseAdapterObj } from 'payload';
import sharp from 'sharp';
import { Assets } from './collections/Assets';
import { Categories } from './collections/Categories';
import { Changelogs } from './collections/Changelogs';
import { Notifications } from './collections/Notifications';
import { Orders } from './collections/Orders';
import { Products } from './collections/Products';
import { Recipes } from './collections/Recipes';
import { Users } from './collections/Users';
import { v2Endpoints } from './endpoints/v2';
import { ShopSettings } from './globals/ShopSettings';
import { env, isProduction } from './lib/env';
import { createMailTransport } from './services/mail-transport';

/**
 * DATABASE_URI picks the adapter: a mongodb:// (or mongodb+srv://) URI → MongoDB through mongoose, anything
 * else → SQLite. Nothing outside this function knows which one runs.
 */
export function databaseAdapter(uri: string): DatabaseAdapterObj {
  if (/^mongodb(\+srv)?:\/\//.test(uri)) return mongooseAdapter({ url: uri });
  const url = uri.startsWith('file:') || uri.startsWith('libsql:') ? uri : `file:${uri}`;
  // push keeps the SQLite schema in step with the collections, also in production where SQLite is the
  // single-machine option; MongoDB needs no schema.
  return sqliteAdapter({ client: { url }, idType: 'uuid', push: true });
}

export default buildConfig({
  secret: env.secret,
  serverURL: '',
  telemetry: false,
  db: databaseAdapter(env.databaseUri),
  editor: lexicalEditor(),
  sharp,
  collections: [Users, Assets, Categories, Products, Recipes, Orders, Notifications, Changelogs],
  globals: [ShopSettings],
  endpoints: v2Endpoints,
  admin: { user: Users.slug, disable: true },
  graphQL: { disable: true },
  cors: env.corsOrigins,
  csrf: [env.publicUrl, ...env.corsOrigins],
  upload: { limits: { fileSize: 10 * 1024 * 1024 } },
  email: nodemailerAdapter({
    defaultFromAddress: env.mailFrom,
    defaultFromName: env.mailFromName,
    skipVerify: true,
    transport: createMailTransport(env.smtpUrl),
  }),
  loggingLevels: { Forbidden: 'info', NotFound: 'info', ValidationError: 'info' },
  logger: { options: { level: env.logLevel } },
  typescript: { autoGenerate: false },
  debug: !isProduction,
});
