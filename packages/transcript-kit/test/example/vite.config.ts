import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Four pages: the README example (index), and the host page alone, with the kit, and the kit alone.
export default defineConfig({
  build: {
    rollupOptions: {
      input: Object.fromEntries(['index', 'host', 'embed', 'bare'].map((page) => [page, resolve(import.meta.dirname, `${page}.html`)])),
    },
  },
});
