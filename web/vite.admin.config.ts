import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
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
  }),
);
