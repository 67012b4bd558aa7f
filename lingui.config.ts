import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Each published package owns its catalog, so transcript-kit ships its own strings.
// Folders are listed one by one: a glob here matched nothing and `extract --clean` then emptied German.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/packages/ui/src/locales/{locale}/messages',
      include: ['<rootDir>/packages/ui/src'],
      exclude: ['**/*.stories.tsx', '**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/packages/transcript-kit/src/locales/{locale}/messages',
      include: ['<rootDir>/packages/transcript-kit/src'],
      exclude: ['**/*.stories.tsx', '**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/packages/app/src/locales/{locale}/messages',
      include: ['<rootDir>/packages/app/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});
