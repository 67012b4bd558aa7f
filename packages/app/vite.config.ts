import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { sharedPlugins } from '../../vite.shared.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * @scribe/ui's barrel imports its global styles (theme values on :root, base styles, the Inter font)
 * for their side effects only. Its package.json marks only *.css.ts files as side-effectful, so a
 * production build dropped those imports together with the side-effect-free barrel, and the app
 * shipped without theme, font or base styles. Marking the barrel and the font module as having side
 * effects keeps them; unused components are still left out.
 */
function keepUiGlobalStyles(): Plugin {
  const globalModules = [/[\\/]packages[\\/]ui[\\/]src[\\/]index\.ts$/, /[\\/]packages[\\/]ui[\\/]src[\\/]theme[\\/]fonts\.ts$/];
  return {
    name: 'scribe:keep-ui-global-styles',
    transform(code, id) {
      if (globalModules.some((pattern) => pattern.test(id))) return { code, map: null, moduleSideEffects: true };
      return null;
    },
  };
}

export default defineConfig({
  root,
  plugins: [...sharedPlugins(), keepUiGlobalStyles()],
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
