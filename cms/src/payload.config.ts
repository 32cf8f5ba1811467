import { nodemailerAdapter } from '@payloadcms/email-nodemailer';
import { buildConfig } from 'payload';
import sharp from 'sharp';
import { Assets } from './collections/Assets';
import { Categories } from './collections/Categories';
import { Changelogs } from './collections/Changelogs';
import { Notifications } from './collections/Notifications';
import { Orders } from './collections/Orders';
import { Payments } from './collections/Payments';
import { Products } from './collections/Products';
import { Recipes } from './collections/Recipes';
import { Users } from './collections/Users';
import { v2Endpoints } from './endpoints/v2';
import { ShopSettings } from './globals/ShopSettings';
import { databaseAdapter } from './lib/database';
import { env } from './lib/env';
import { createMailTransport } from './services/mail-transport';

export default buildConfig({
  secret: env.secret,
  serverURL: '',
  telemetry: false,
  db: databaseAdapter(env.databaseUri),
  sharp,
  collections: [Users, Assets, Categories, Products, Recipes, Orders, Payments, Notifications, Changelogs],
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
  // Client mistakes (a query on a field that cannot be queried, ...) are not server errors.
  loggingLevels: { Forbidden: 'info', NotFound: 'info', ValidationError: 'info', QueryError: 'info' },
  logger: { options: { level: env.logLevel } },
  typescript: { autoGenerate: false },
  debug: false,
});
