import { defineConfig } from 'vitest/config';
import { serverProjects } from './packages/server/vitest.config.ts';

export default defineConfig({
  test: {
    // The second writes test-results/visual-report/index.html after a run with failed story screenshots;
    // the third names a file whose test process died before it finished.
    reporters: ['default', './scripts/visual-report.ts', './scripts/unfinished-report.ts'],
    projects: [
      './vitest.unit.config.ts',
      ...serverProjects,
      './.storybook/vitest.config.ts',
      {
        // The test tooling itself, where it drives a nested story run in Chromium (slow).
        test: { name: 'tooling', environment: 'node', include: ['scripts/visual-report.test.ts'] },
      },
      {
        // transcript-kit packed, installed into an example app and rendered (slow: builds and installs).
        test: {
          name: 'package',
          environment: 'node',
          include: ['packages/transcript-kit/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
          // expect.poll awaits the example app's state in Chromium: 10 s, not the default 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
