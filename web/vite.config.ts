import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The dev server forwards API and image calls so that the SPA and the server share an origin, as in production.
const backend = process.env.VITE_DEV_BACKEND ?? 'http://localhost:3000';

/** In development one Vite server serves both entries: /admin paths get the control centre's page. */
const adminEntryInDev = (): Plugin => ({
  name: 'admin-entry-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/admin(\/|\?|$)/.test(req.url) && (req.headers.accept ?? '').includes('text/html')) {
        req.url = '/admin.html';
      }
      next();
    });
  },
});

export default defineConfig({
  root,
  plugins: [react(), adminEntryInDev()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Not Vite's default "assets": the server routes /assets/* to product images (SPEC §7), so the
    // hashed JS and CSS live under /bundle/ instead.
    assetsDir: 'bundle',
    // The server reads it to link a server-rendered page's own stylesheets and modules (cms/services/seo/render.ts).
    manifest: true,
    // antd alone is larger than Vite's default warning threshold; it is cached across deploys in its own chunk.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The storefront's page, and the small first script of the pages the server draws (src/app/boot.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/app/boot.ts', import.meta.url)),
      },
      // @shop/shared's modules only define things (schemas, helpers, texts); loading one has no effect of its
      // own. Said here so that importing a price helper through the package's index does not also run
      // every zod schema the index re-exports.
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]shared[\\/]src[\\/]/.test(id) },
      output: {
        // Rolldown's successor of rollup's manualChunks. React gets its own long-lived chunk; antd and the
        // rest split along the lazy routes, so a first visit downloads only what the storefront's first
        // screens use (issue 12: no antd, no PayPal, no echarts there).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/,
              priority: 30,
            },
            {
              // zod and the shared modules that build schemas with it at load time. Without this group they
              // share one chunk with the shared helpers every page uses (prices, money), and the forms'
              // validation would ride along on every first visit.
              name: 'contracts',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](api-types|schema-parts|admin-api|admin-catalog-api)\.ts$/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/assets': { target: backend, changeOrigin: true },
      '/__paypal': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/assets': { target: backend, changeOrigin: true },
    },
  },
});
