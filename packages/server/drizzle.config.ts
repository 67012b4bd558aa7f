import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @scribe/server db:generate` writes SQL migrations for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
