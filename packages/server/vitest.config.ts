import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Server tests run over real HTTP against a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set: each file then gets its own freshly created database).
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own PGlite (hundreds of MB, CPU-heavy start): one file at a time on 2 cores.
    fileParallelism: false,
  },
});
