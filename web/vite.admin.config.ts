import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import site from './vite.config';

/**
 * The control centre's build: its own entry (admin.html) into the same dist/, after the storefront's build.
 * A separate build, so no chunk is shared with the storefront and its chunks never reshape the storefront's.
 */
export default mergeConfig(
  site,
  defineConfig({
    build: {
      emptyOutDir: false,
      assetsDir: 'admin-bundle',
      // The storefront's manifest stays the one in dist/.vite: the server renders storefront pages only.
      manifest: false,
      rolldownOptions: { input: fileURLToPath(new URL('./admin.html', import.meta.url)) },
    },
    plugins: [
      // The market stall's service worker (issue 32 §2): dist/market-sw.js, registered by the stall screen alone
      // for /admin/market/, precaching the control centre's page, scripts and styles so the stall opens with no
      // signal. Its web app manifest is public/market-stall.webmanifest; nothing is injected into admin.html.
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'market-sw.ts',
        injectRegister: false,
        manifest: false,
        scope: '/admin/market/',
        injectManifest: {
          globPatterns: [
            'admin.html',
            'admin-bundle/**/*.{js,css}',
            'favicon.svg',
            'market-stall.webmanifest',
            'market-stall-*.png',
          ],
          maximumFileSizeToCacheInBytes: 1024 * 1024,
        },
      }),
    ],
  }),
);
