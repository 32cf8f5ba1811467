import path from 'node:path';
import { nodemailerAdapter } from '@payloadcms/email-nodemailer';
import { s3Storage } from '@payloadcms/storage-s3';
import { buildConfig, type Plugin } from 'payload';
import { guardPayloadInternals } from './access/payload-internals';
import { Assets } from './collections/Assets';
import { AuditLog } from './collections/AuditLog';
import { Categories } from './collections/Categories';
import { Changelogs } from './collections/Changelogs';
import { Coupons } from './collections/Coupons';
import { Leases } from './collections/Leases';
import { Notifications } from './collections/Notifications';
import { OrderEvents } from './collections/OrderEvents';
import { Orders } from './collections/Orders';
import { Payments } from './collections/Payments';
import { Products } from './collections/Products';
import { NotificationReplies } from './collections/NotificationReplies';
import { Recipes } from './collections/Recipes';
import { Refunds } from './collections/Refunds';
import { Users } from './collections/Users';
import { v2Endpoints } from './endpoints/v2';
import { ShopSettings } from './globals/ShopSettings';
import { withAuditHooks } from './hooks/audit-collection';
import { MarketDays } from './collections/MarketDays';
import { withGlobalAuditHooks } from './hooks/audit-global';
import { databaseAdapter } from './lib/database';
import { env } from './lib/env';
import { repoRoot } from './lib/paths';
import { createMailTransport } from './services/mail-transport';
import { lazySharp } from './lib/lazy-sharp';
import { readableFieldLabels } from './lib/field-labels';

/**
 * Uploads on S3-compatible storage when S3_* is set (lib/env.ts): storage-s3 takes over the assets
 * collection's writes and deletes (the original and its sizes, each under its file name as the key) and the
 * local disk is not used. The bucket stays private: the storefront reads images through /assets/{id}, which
 * streams them from the bucket (services/asset-files.ts). The plugin is always in the config, switched off
 * without S3, so the panel's import map is the same either way.
 */
function objectStorage(): Plugin[] {
  const s3 = env.s3;
  return [
    s3Storage({
      enabled: s3 !== null,
      bucket: s3?.bucket ?? '',
      collections: { assets: true },
      config: s3
        ? {
            region: s3.region,
            endpoint: s3.endpoint,
            credentials: s3.credentials,
            forcePathStyle: s3.forcePathStyle,
          }
        : {},
    }),
    withoutClientUploadKey,
  ];
}

/**
 * storage-s3 adds an `_objectKey` field that only uploads sent from the browser straight to the bucket fill
 * in (its clientUploads, not used here: uploads pass the server's image checks). Left out, the assets table is
 * the same with S3 on or off, so switching needs no migration and a SQLite database still fits its schema.
 */
const withoutClientUploadKey: Plugin = (config) => ({
  ...config,
  collections: config.collections?.map((collection) =>
    collection.slug === Assets.slug
      ? { ...collection, fields: collection.fields.filter((f) => !('name' in f && f.name === '_objectKey')) }
      : collection,
  ),
});

// The database adapter comes first: it loads MongoDB's only when DATABASE_URI names MongoDB (lib/database.ts).
export default databaseAdapter(env.databaseUri)
  .then((db) =>
    buildConfig({
      secret: env.secret,
      serverURL: '',
      telemetry: false,
      db,
      sharp: lazySharp,
      // Admins' and editors' writes to the catalogue, accounts, images, content, orders, contact messages and
      // settings go to the audit log, whichever door they came through.
      collections: [
        ...[Users, Assets, Categories, Products, Recipes, Orders].map(withAuditHooks),
        Payments,
        withAuditHooks(Notifications),
        withAuditHooks(Changelogs),
        withAuditHooks(Coupons),
        withAuditHooks(MarketDays),
        Leases,
        OrderEvents,
        Refunds,
        NotificationReplies,
        AuditLog,
      ],
      globals: [withGlobalAuditHooks(ShopSettings)],
      endpoints: v2Endpoints,
      plugins: [...objectStorage(), readableFieldLabels],
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
    }),
  )
  .then(guardPayloadInternals);
