import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The storefront's server renderer (src/app/entry-server.tsx) as one self-contained ES module in dist-ssr/:
 * React, the router, SWR and antd included, so the server needs nothing from the web workspace at run time
 * (the production image prunes its dev packages). Stylesheets are the browser build's; here they are dropped.
 */
export default defineConfig({
  root,
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  resolve: {
    // Under Node's conditions the icons package hands over its CommonJS index, every icon in it; its ES modules
    // let the build keep only the icons the pages use, as the browser build does.
    alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }],
  },
  // React's production builds whatever NODE_ENV the server runs with (tests run it as "test"): the development
  // builds check and warn at every render, and would otherwise be bundled beside them.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/app/entry-server.tsx',
    outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
    emptyOutDir: true,
    // A chunk per lazy screen, as in the browser: the server loads a screen (and antd, for the form pages)
    // only when it first draws it, and never loads the cart's or the order's, which it does not draw.
    minify: true,
  },
});
