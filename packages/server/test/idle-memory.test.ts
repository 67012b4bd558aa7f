import { describe, expect, it, vi } from 'vitest';
import { fullGc, IdleCollectionPolicy, startIdleCollector, type Collection } from '../src/idle-memory.ts';

const MB = 1024 * 1024;
const quiet = { utilization: 0.01, heapTotal: 80 * MB, heapUsed: 45 * MB };

describe('idle heap collection', () => {
  it('collects when the event loop was quiet and the heap holds much more than it uses', () => {
    const policy = new IdleCollectionPolicy();
    expect(policy.tick(quiet)).toBe(true);
  });

  it('leaves a busy process alone, and a heap without slack', () => {
    const policy = new IdleCollectionPolicy();
    expect(policy.tick({ ...quiet, utilization: 0.3 })).toBe(false);
    expect(policy.tick({ ...quiet, heapTotal: 50 * MB })).toBe(false);
  });

  it('retries a collection that gave nothing back a few times, then less and less often', () => {
    const policy = new IdleCollectionPolicy({ futileBeforeBackoff: 2, maxBackoffTicks: 8 });
    const gaps: number[] = [];
    let gap = 0;
    for (let t = 0; gaps.length < 6; t++) {
      gap++;
      if (!policy.tick(quiet)) continue;
      gaps.push(gap);
      gap = 0;
      policy.collected(80 * MB, 80 * MB);
    }
    expect(gaps).toEqual([1, 1, 1, 2, 4, 8]);
  });

  it('goes back to every tick once a collection gives memory back', () => {
    const policy = new IdleCollectionPolicy({ futileBeforeBackoff: 0 });
    policy.collected(80 * MB, 80 * MB);
    policy.collected(80 * MB, 80 * MB);
    expect(policy.tick(quiet)).toBe(false); // waiting out the back-off
    policy.collected(80 * MB, 44 * MB);
    expect(policy.tick(quiet)).toBe(true);
  });

  it('runs a real full collection: an unreachable object is gone afterwards', async () => {
    const gc = fullGc();
    const ref = new WeakRef({ payload: new Array(1000).fill('x') });
    // A WeakRef's target stays alive until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(ref.deref()).toBeUndefined();
  });

  it('collects on its own once the process is quiet, and stops when told', async () => {
    const collections: Collection[] = [];
    const stop = startIdleCollector({ intervalMs: 50, minSlackBytes: 1, quietUtilization: 1, onCollect: (c) => collections.push(c) });
    try {
      // Awaited (checks every 50 ms) rather than counted after a fixed 400 ms a busy machine could use up.
      await vi.waitFor(() => expect(collections.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    } finally {
      stop();
    }
    expect(collections[0].heapTotalBefore).toBeGreaterThan(0);
    const count = collections.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(collections.length).toBe(count);
  });
});
