import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffCeiling, backoffDelay, retryDelay, retryWithBackoff, sleep } from './backoff.ts';

const fixed = (r: number) => () => r;

describe('backoff policy', () => {
  it('grows exponentially by default and linearly when asked, capped', () => {
    const exponential = { baseMs: 1000, capMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffCeiling(n, exponential))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
    expect(backoffCeiling(200, exponential)).toBe(30_000);
    expect([1, 2, 3].map((n) => backoffCeiling(n, { baseMs: 1000, growth: 'linear' }))).toEqual([1000, 2000, 3000]);
  });

  it('gives up past maxRetries, and has no retry 0', () => {
    const policy = { baseMs: 1000, growth: 'linear', maxRetries: 5 } as const;
    expect([0, 1, 5, 6].map((n) => backoffDelay(n, policy))).toEqual([null, 1000, 5000, null]);
  });

  it('without jitter waits exactly the delay, whatever the random source says', () => {
    expect(backoffDelay(3, { baseMs: 100 }, fixed(0.9))).toBe(400);
    expect(backoffDelay(3, { baseMs: 100, jitter: 'none' }, fixed(0))).toBe(400);
  });

  it('full jitter waits anywhere from 0 to the delay', () => {
    const policy = { baseMs: 1000, capMs: 30_000, jitter: 'full' } as const;
    expect(backoffDelay(3, policy, fixed(0))).toBe(0);
    expect(backoffDelay(3, policy, fixed(0.25))).toBe(1000);
    expect(backoffDelay(3, policy, fixed(0.9999))).toBe(4000);
    expect(backoffDelay(9, policy, fixed(0.5))).toBe(15_000); // half of the cap, not of 256 s
  });

  it('equal jitter waits at least half the delay', () => {
    const policy = { baseMs: 1000, jitter: 'equal' } as const;
    expect(backoffDelay(2, policy, fixed(0))).toBe(1000);
    expect(backoffDelay(2, policy, fixed(0.5))).toBe(1500);
    expect(backoffDelay(2, policy, fixed(0.9999))).toBe(2000);
  });

  it('keeps the jitter within bounds for a random source out of range', () => {
    expect(backoffDelay(1, { baseMs: 1000, jitter: 'full' }, fixed(7))).toBe(1000);
    expect(backoffDelay(1, { baseMs: 1000, jitter: 'full' }, fixed(-1))).toBe(0);
  });

  it('retryDelay is the plain exponential schedule: 1 s, 2 s, 4 s ... never above the cap', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(n))).toEqual([1000, 1000, 2000, 4000]);
    expect(retryDelay(3, 500, 1500)).toBe(1500);
  });
});

describe('sleep and retryWithBackoff', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sleep waits its time, and ends with an AbortError at once when aborted', async () => {
    let done = false;
    void sleep(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal).catch((e: unknown) => e);
    controller.abort();
    const error = await waiting;
    expect((error as DOMException).name).toBe('AbortError');
    expect(vi.getTimerCount()).toBe(0);

    await expect(sleep(10, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('tries again after the jittered waits until the operation succeeds', async () => {
    const waits: number[] = [];
    const attempts: number[] = [];
    const result = retryWithBackoff(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`failure ${attempt}`);
        return 'done';
      },
      { baseMs: 1000, jitter: 'equal', random: fixed(0), onRetry: (_e, _a, ms) => waits.push(ms) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(499);
    expect(attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('done');
    expect(attempts).toEqual([1, 2, 3]);
    expect(waits).toEqual([500, 1000]);
  });

  it('gives up with the last failure after maxRetries', async () => {
    let tries = 0;
    const result = retryWithBackoff(
      async () => {
        tries++;
        throw new Error(`failure ${tries}`);
      },
      { baseMs: 100, maxRetries: 2 },
    ).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(((await result) as Error).message).toBe('failure 3');
    expect(tries).toBe(3);
  });

  it('does not retry a failure shouldRetry refuses', async () => {
    let tries = 0;
    const refused = new Error('refused');
    const result = retryWithBackoff(
      async () => {
        tries++;
        throw refused;
      },
      { baseMs: 100, shouldRetry: (error) => error !== refused },
    );
    await expect(result).rejects.toBe(refused);
    expect(tries).toBe(1);
  });

  it('ends with an AbortError at once when aborted during a wait, and tries no more', async () => {
    const controller = new AbortController();
    let tries = 0;
    const result = retryWithBackoff(
      async () => {
        tries++;
        throw new Error('server trouble');
      },
      { baseMs: 10_000, signal: controller.signal },
    ).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    controller.abort();
    expect(((await result) as DOMException).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tries).toBe(1);
  });

  it('reports an abort during a try as an AbortError, not as the try failing', async () => {
    const controller = new AbortController();
    const result = retryWithBackoff(
      async () => {
        controller.abort();
        throw new TypeError('Network error');
      },
      { baseMs: 10, signal: controller.signal },
    );
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});
