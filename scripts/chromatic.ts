// `pnpm chromatic`: builds the static Storybook and publishes it to Chromatic for hosted per-story review.
// The kit's 'Modes' stories carry the review modes as `parameters.chromatic.modes` (.storybook/modes.ts),
// so Chromatic snapshots them in the same modes as the offline baselines. Those offline baselines stay
// the gate in CI; this is optional and needs a project token. Extra arguments go to the chromatic CLI.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

if (!process.env.CHROMATIC_PROJECT_TOKEN?.trim()) {
  console.error(`pnpm chromatic: CHROMATIC_PROJECT_TOKEN is not set, so nothing was built or uploaded.

To publish the Storybook for review on Chromatic:
  1. Sign in at https://www.chromatic.com/start and create a project (or open an existing one).
  2. Copy its project token from the project's Manage > Configure page.
  3. Run: CHROMATIC_PROJECT_TOKEN=<token> pnpm chromatic

Without a token, review visual changes offline: the story tests compare every story with its committed
baseline, and a failing run writes test-results/visual-report/index.html (see "Visual review" in README.md).`);
  process.exit(1);
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(bin('storybook'), ['build', '--output-dir', 'storybook-static', '--quiet']);
// The CLI reads the token from CHROMATIC_PROJECT_TOKEN itself, so it never appears in a command line.
run(bin('chromatic'), ['--storybook-build-dir', 'storybook-static', ...process.argv.slice(2)]);
