// Waiting between tries, for everything in the browser that tries again: chunk uploads (upload.ts), the
// recorder's piece uploader (app: recording/uploader.ts), the live channel's reconnects (live.ts), and
// the app's transcript fetches and autosave. One policy shape, one abortable wait, one retry loop.
//
// Jitter spreads the tries of many browsers that failed at the same moment (a server restart, a proxy
// hiccup) so they do not all come back at once: 'full' waits anywhere from 0 to the delay, 'equal'
// waits at least half of it.

/** How the wait grows and spreads, by retry number (1 = the first retry after the first failure). */
export interface BackoffPolicy {
  /** The wait before the first retry (ms). */
  baseMs: number;
  /** 'exponential' (default): base, 2×base, 4×base ...; 'linear': base, 2×base, 3×base ... */
  growth?: 'exponential' | 'linear';
  /** The longest wait (ms), before jitter. Default: none. */
  capMs?: number;
  /** Retries at most; past it there is no delay (give up). Default: no limit. */
  maxRetries?: number;
  /** 'none' (default): exactly the delay; 'full': random in [0, delay]; 'equal': random in [delay/2, delay]. */
  jitter?: 'none' | 'full' | 'equal';
}

/** A source of random numbers in [0, 1): Math.random, or a fixed one in tests. */
export type RandomSource = () => number;

/** The wait before retry `retry` (1-based) without jitter, or null when the policy gives up before it. */
export function backoffCeiling(
  retry: number,
  { baseMs, growth = 'exponential', capMs = Infinity, maxRetries = Infinity }: BackoffPolicy,
): number | null {
  if (!(retry >= 1) || retry > maxRetries) return null;
  const step = Math.floor(retry);
  const delay = growth === 'linear' ? baseMs * step : baseMs * 2 ** (step - 1);
  return Math.max(0, Math.min(capMs, delay));
}

/** The wait before retry `retry` (1-based) with the policy's jitter, in whole ms; null when the policy gives up. */
export function backoffDelay(retry: number, policy: BackoffPolicy, random: RandomSource = Math.random): number | null {
  const ceiling = backoffCeiling(retry, policy);
  if (ceiling === null) return null;
  const r = Math.min(1, Math.max(0, random()));
  switch (policy.jitter ?? 'none') {
    case 'full':
      return Math.round(ceiling * r);
    case 'equal':
      return Math.round(ceiling / 2 + (ceiling / 2) * r);
    default:
      return ceiling;
  }
}

/** Delay before retry `attempt` (1-based): base, 2×base, 4×base ..., capped; no jitter. */
export function retryDelay(attempt: number, baseMs = 1000, capMs = 30_000): number {
  return backoffCeiling(Math.max(1, attempt), { baseMs, capMs }) ?? capMs;
}

/** The error a cancelled wait or retry rejects with: a DOMException named 'AbortError', like fetch's. */
const abortError = (message = 'The operation was aborted.') => new DOMException(message, 'AbortError');

/** Waits `ms`; rejects with an AbortError at once when `signal` aborts (or already has). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions extends BackoffPolicy {
  /** Whether a failure is worth another try (the policy's retries allowing). Default: every failure. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Called before each wait, with the failure, the attempt that failed (1-based) and the wait. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Stops the tries and the waits at once: rejects with an AbortError. */
  signal?: AbortSignal;
  random?: RandomSource;
}

/**
 * Runs `operation` (handed its attempt number, 1-based) until it resolves, the failure is not worth
 * retrying, or the policy's retries are used up; then rejects with the last failure. An abort of
 * `signal` ends it with an AbortError, during a try or a wait.
 */
export async function retryWithBackoff<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { shouldRetry = () => true, onRetry, signal, random = Math.random } = options;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw abortError();
    try {
      return await operation(attempt);
    } catch (error) {
      if (signal?.aborted) throw abortError();
      const delay = backoffDelay(attempt, options, random);
      if (delay === null || !shouldRetry(error, attempt)) throw error;
      onRetry?.(error, attempt, delay);
      await sleep(delay, signal);
    }
  }
}
