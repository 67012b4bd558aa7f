import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sharedPlugins } from '../../vite.shared.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: sharedPlugins(),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Report gzip sizes: the login route has a size budget.
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    // The API and the live channel run on the server; the dev server forwards them so cookies stay same-origin.
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/ws': { target: server, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/ws': { target: server, ws: true, changeOrigin: true },
    },
  },
});
