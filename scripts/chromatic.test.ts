import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

it('pnpm chromatic without a token says how to get one and fails before building anything', () => {
  const { CHROMATIC_PROJECT_TOKEN: _token, ...env } = process.env;
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/chromatic.ts'], { cwd: repoRoot, env, encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('CHROMATIC_PROJECT_TOKEN is not set');
  expect(run.stderr).toContain('https://www.chromatic.com/start');
  expect(run.stderr).toContain('CHROMATIC_PROJECT_TOKEN=<token> pnpm chromatic');
  // No Storybook build ran (that takes a minute or more).
  expect(Date.now() - started).toBeLessThan(15_000);
}, 20_000);
