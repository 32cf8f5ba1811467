import { nodemailerAdapter } from '@payloadcms/email-nodemailer';
import { buildConfig } from 'payload';
import sharp from 'sharp';
import { Assets } from '../src/collections/Assets';
import { Categories } from '../src/collections/Categories';
import { Changelogs } from '../src/collections/Changelogs';
import { Notifications } from '../src/collections/Notifications';
import { Orders } from '../src/collections/Orders';
import { Payments } from '../src/collections/Payments';
import { Products } from '../src/collections/Products';
import { Recipes } from '../src/collections/Recipes';
import { Users } from '../src/collections/Users';
import { v2Endpoints } from '../src/endpoints/v2';
import { ShopSettings } from '../src/globals/ShopSettings';
import { databaseAdapter } from '../src/lib/database';
import { env, isProduction } from '../src/lib/env';
import { createMailTransport } from '../src/services/mail-transport';

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
  loggingLevels: { Forbidden: 'info', NotFound: 'info', ValidationError: 'info' },
  logger: { options: { level: env.logLevel } },
  typescript: { autoGenerate: false },
  debug: !isProduction,
});
