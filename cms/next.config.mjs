import { withPayload } from '@payloadcms/next/withPayload';

/**
 * Next.js builds only Payload's panel (/cms); the shop's own server (cms/server.ts) serves it through
 * Next's request handler. Payload and the database adapters stay outside the bundle so that the panel uses
 * the host's one Payload instance (see app/host-config.ts).
 */
const nextConfig = {
  distDir: '.next',
  poweredByHeader: false,
  // The express host compresses every response already.
  compress: false,
  reactStrictMode: true,
  typescript: { tsconfigPath: 'tsconfig.next.json' },
  serverExternalPackages: [
    'payload',
    '@payloadcms/db-sqlite',
    '@payloadcms/db-mongodb',
    '@payloadcms/drizzle',
    '@payloadcms/email-nodemailer',
    'sharp',
    'mongoose',
    '@libsql/client',
    'libsql',
  ],
};

export default withPayload(nextConfig, { devBundleServerPackages: false });
