import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// The dev server forwards API and image calls so that the SPA and the server share an origin, as in production.
const backend = process.env.VITE_DEV_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Not Vite's default "assets": the server routes /assets/* to product images (SPEC §7), so the
    // hashed JS and CSS live under /bundle/ instead.
    assetsDir: 'bundle',
    // antd alone is larger than Vite's default warning threshold; it is cached across deploys in its own chunk.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Rolldown's successor of rollup's manualChunks. Only explicit groups: a catch-all node_modules group
        // would pull lazily used libraries (the admin's charts) into the first page load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/, priority: 30 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|@emotion|stylis|classnames|clsx|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|json2mq|toggle-selection|copy-to-clipboard|resize-observer-polyfill)[\\/]/, priority: 20 },
            { name: 'vendor', test: /node_modules[\\/](swr|dayjs|zod|use-sync-external-store|dequal)[\\/]/, priority: 10 },
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
