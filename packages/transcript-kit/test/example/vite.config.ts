import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Pages: the README example (readme), an app with its own Lingui setup (index), and the host page
// alone, with the kit, and the kit alone.
export default defineConfig({
  build: {
    rollupOptions: {
      input: Object.fromEntries(
        ['index', 'host', 'embed', 'bare', 'readme'].map((page) => [page, resolve(import.meta.dirname, `${page}.html`)]),
      ),
    },
  },
});
