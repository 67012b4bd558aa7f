import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Five pages: the README example (index), the host page alone, with the kit, the kit alone, and themed by the host.
export default defineConfig({
  build: {
    rollupOptions: {
      input: Object.fromEntries(
        ['index', 'host', 'embed', 'bare', 'theme'].map((page) => [page, resolve(import.meta.dirname, `${page}.html`)]),
      ),
    },
  },
});
