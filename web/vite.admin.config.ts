import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import site from './vite.config';

/**
 * The scripts the stall screen loads: the control centre's entry and the stall's lazy chunk, with every chunk
 * they import statically. Only these (and the styles, a few kB) are precached for the stall to open with no
 * signal; the other screens' chunks (charts, maps, forms) stay out of the phone's download.
 */
const stallScripts = new Set<string>();
const collectStallScripts = (): Plugin => ({
  name: 'market-stall-scripts',
  generateBundle(_options, bundle) {
    stallScripts.clear();
    const visit = (fileName: string) => {
      const chunk = bundle[fileName];
      if (stallScripts.has(fileName) || chunk?.type !== 'chunk') return;
      stallScripts.add(fileName);
      chunk.imports.forEach(visit);
    };
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      if (chunk.isEntry || /[\\/]market[\\/]stall[\\/]StallPage\.tsx$/.test(chunk.facadeModuleId ?? '')) {
        visit(chunk.fileName);
      }
    }
  },
});

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
      collectStallScripts(),
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
          manifestTransforms: [
            (entries) => {
              if (stallScripts.size === 0) throw new Error('The stall screen’s chunks were not found in the build');
              const manifest = entries.filter((entry) => !entry.url.endsWith('.js') || stallScripts.has(entry.url));
              return { manifest, warnings: [] };
            },
          ],
        },
      }),
    ],
  }),
);
