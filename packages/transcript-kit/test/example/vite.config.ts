import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Pages: the README example (readme), an app with its own Lingui setup (index), the host page
// alone, with the kit, the kit alone, and themed by the host (theme).
export default defineConfig({
  build: {
    rollupOptions: {
      input: Object.fromEntries(
        ['index', 'host', 'embed', 'bare', 'readme', 'theme'].map((page) => [page, resolve(import.meta.dirname, `${page}.html`)]),
      ),
    },
  },
});
