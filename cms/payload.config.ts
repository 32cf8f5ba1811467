import path from 'node:path';
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
import { repoRoot } from './lib/paths';
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
  // Payload's own panel for content editors at /cms (/admin is the shop's control centre). Built by
  // `npm run build` from cms/app (Next.js) and served by our express server (services/cms-panel.ts).
  admin: {
    user: Users.slug,
    // Gravatar would be a request to another origin for every account, and the CSP refuses it.
    avatar: 'default',
    dateFormat: 'd MMM yyyy, HH:mm',
    meta: { titleSuffix: ' · Bottega content' },
    importMap: {
      baseDir: path.join(repoRoot, 'cms'),
      importMapFile: path.join(repoRoot, 'cms', 'app', '(payload)', 'cms', 'importMap.js'),
    },
  },
  routes: { admin: '/cms' },
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
