import { configDefaults, defineProject } from 'vitest/config';
import { sharedPlugins } from './vite.shared.ts';

// Pure logic of every package except the server (which has its own project).
export default defineProject({
  plugins: sharedPlugins(),
  test: {
    name: 'unit',
    environment: 'node',
    include: ['packages/{ui,transcript-kit,app,api-client}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // It runs a story file in Chromium in a nested Vitest (about 90 s): the 'tooling' project.
    exclude: [...configDefaults.exclude, 'scripts/visual-report.test.ts'],
  },
});
