import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { sharedPlugins } from '../../vite.shared.ts';
import { webManifest } from './src/webManifest.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [
    ...sharedPlugins(),
    // The installable app: manifest.webmanifest (linked into index.html) and /sw.js, built from src/sw.ts
    // with the list of the build's shell files to precache. The app registers it itself
    // (lib/serviceWorker.ts), in production builds only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: webManifest,
      // The icons are in the globbed files already.
      includeManifestIcons: false,
      injectManifest: {
        // The shell only (the manifest is added by the plugin); the precompressed .br/.gz twins are the
        // server's business, not the cache's.
        globPatterns: ['**/*.{html,js,css,woff2,png,svg}'],
        globIgnores: ['sw.js'],
      },
      devOptions: { enabled: false },
    }),
    // Precompressed at build time, at the highest levels (no cost per request): the server sends the
    // .br or .gz file a browser accepts (@fastify/static preCompressed) and the original otherwise.
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
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
