import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'unfinished-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Vitest run in `root` with this reporter beside the default one, outside the current run's settings. */
function nestedRun(root: string, env: Record<string, string> = {}) {
  const run = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/vitest'),
    ['run', '--root', root, '--reporter', 'default', '--reporter', path.join(repoRoot, 'scripts/unfinished-report.ts')],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST'))), ...env },
    },
  );
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

// A nested run of two files, one of whose workers dies in its second test as a native crash would.
it('names the file whose worker died, and the test it was running', () => {
  writeFileSync(path.join(dir, 'fine.test.mjs'), "import { it } from 'vitest';\nit('passes', () => {});\n");
  writeFileSync(
    path.join(dir, 'crash.test.mjs'),
    [
      "import { it } from 'vitest';",
      "it('finishes first', () => {});",
      "it('takes its worker down', async () => { await new Promise((r) => setTimeout(r, 300)); process.kill(process.pid, 'SIGKILL'); });",
      "it('never starts', () => {});",
      '',
    ].join('\n'),
  );
  const { status, output } = nestedRun(dir);
  expect(status, output).not.toBe(0);
  expect(output).toContain('Test files that did not finish (their worker ended before them):\n  crash.test.mjs');
  expect(output).toContain('no result: takes its worker down');
  expect(output).not.toContain('no result: never starts');
  expect(output).not.toContain('fine.test.mjs (');
}, 60_000);

// A nested run whose one test blocks its worker's event loop for 3 s: the reporter, in the main process,
// names its file while it runs, and the run then passes.
it('names the file that runs while no test has finished for the stall period', () => {
  const stallDir = mkdtempSync(path.join(tmpdir(), 'stall-report-'));
  try {
    writeFileSync(
      path.join(stallDir, 'spins.test.mjs'),
      [
        "import { it } from 'vitest';",
        "it('blocks its event loop', () => { const end = Date.now() + 3000; while (Date.now() < end); });",
        '',
      ].join('\n'),
    );
    const { status, output } = nestedRun(stallDir, { TEST_STALL_REPORT_SECONDS: '1' });
    expect(status, output).toBe(0);
    expect(output).toContain('No test has finished for 1 s; still running:\n  file: spins.test.mjs');
  } finally {
    rmSync(stallDir, { recursive: true, force: true });
  }
}, 60_000);
