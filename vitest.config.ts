import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      './vitest.unit.config.ts',
      './packages/server/vitest.config.ts',
      './.storybook/vitest.config.ts',
    ],
  },
});
