import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = join(import.meta.dirname, '..');
const startScript = (JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const PRINT_ENV = `node -e "console.log(JSON.stringify([process.env.MALLOC_ARENA_MAX, process.env.MALLOC_MMAP_THRESHOLD_]))"`;

/** The start script's command with the build step dropped and the server replaced by a process printing its allocator settings. */
function runStart(env: Record<string, string>): [string | undefined, string | undefined] {
  const command = startScript.replace('node build.mjs --if-stale && ', '').replace('node dist/main.js', PRINT_ENV);
  expect(command).not.toBe(startScript);
  const rest = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MALLOC_')));
  return JSON.parse(execFileSync('sh', ['-c', command], { env: { ...rest, ...env }, encoding: 'utf8' })) as [string, string];
}

describe('start scripts: allocator settings of the compiled server', () => {
  it('run the server with at most two glibc arenas and 128 KB blocks mapped on their own', () => {
    expect(runStart({})).toEqual(['2', '131072']);
  });

  it('keep settings the operator gave', () => {
    expect(runStart({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual(['4', '65536']);
  });

  it('are the same in the root start script', () => {
    const root = readFileSync(join(serverDir, '..', '..', 'scripts', 'start.sh'), 'utf8');
    expect(root).toContain('MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"');
    expect(root).toContain('MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"');
  });
});
