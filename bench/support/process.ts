// Helpers the server benchmarks share: a server in a process of its own, waited for and stopped, and
// the figures printed from its answers.
import type { ChildProcess } from 'node:child_process';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (0-100) of `xs`, nearest rank; NaN when there is none. */
export const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/**
 * Polls `url` every 10 ms until any HTTP answer arrives and returns the milliseconds since `start` (a
 * `performance.now()` value: start-up figures); fails if the process exits first or the time runs out.
 */
export async function firstAnswer(url: string, start: number, child: ChildProcess, timeoutMs = 120_000): Promise<number> {
  while (performance.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before answering`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return performance.now() - start;
    } catch {
      await sleep(10);
    }
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/** Polls `url` until any HTTP answer arrives; fails if the process exits first or the time runs out. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  await firstAnswer(url, performance.now(), child, timeoutMs);
}

/** SIGTERM, resolved once the process has exited. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
