/**
 * Gives the JavaScript heap back once the server has gone quiet.
 *
 * V8 keeps its heap at the size a burst of work grew it to (new space grows to 2 x 16 MB while a
 * transcription allocates, old space by what the job kept for a while) and shrinks it only in a full
 * collection at a low allocation rate. Browsers tell V8 when they are idle; Node does not, and a quiet
 * server makes no garbage that would start such a collection. Measured on the compiled server after
 * one transcription of the tutorial recording: 81 MB of heap (45 MB in use), in most runs for as long
 * as it was watched (15 s); one full collection a few seconds after the job took the heap to 44 MB
 * and the process's RSS down 35 MB (278 -> 243 MB).
 *
 * So: every second the event loop's utilisation is looked at; when the last second was quiet and the
 * heap holds at least `minSlackBytes` more than it uses, a full collection runs. One that gives nothing
 * back (the allocation rate V8 sees is still high, or the slack is live fragmentation) is retried a few
 * times, then less and less often, so a quiet server that cannot shrink costs next to nothing.
 */
import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectorOptions {
  /** How often the event loop is looked at (ms). */
  intervalMs?: number;
  /** A tick whose event loop was busier than this (0-1) is not quiet. */
  quietUtilization?: number;
  /** Collect only when the heap's size exceeds what it uses by at least this. */
  minSlackBytes?: number;
  /** A collection that shrank the heap by less than this gave nothing back. */
  minReturnBytes?: number;
  /** Collections in a row that may give nothing back before the ticks between them double. */
  futileBeforeBackoff?: number;
  /** The most ticks between two collections while they give nothing back. */
  maxBackoffTicks?: number;
}

export interface HeapSample {
  /** Event loop utilisation over the last tick (0-1). */
  utilization: number;
  heapTotal: number;
  heapUsed: number;
}

const MB = 1024 * 1024;

/** When to collect; pure, so the rule is tested without a clock or a heap. */
export class IdleCollectionPolicy {
  private readonly options: Required<Omit<IdleCollectorOptions, 'intervalMs'>>;
  private skip = 0;
  private futile = 0;
  private backoff = 1;

  constructor(options: IdleCollectorOptions = {}) {
    this.options = {
      quietUtilization: 0.05,
      minSlackBytes: 16 * MB,
      minReturnBytes: 4 * MB,
      futileBeforeBackoff: 8,
      maxBackoffTicks: 300,
      ...options,
    };
  }

  /** One tick: true when a full collection should run now. */
  tick(sample: HeapSample): boolean {
    if (this.skip > 0) {
      this.skip--;
      return false;
    }
    if (sample.utilization > this.options.quietUtilization) return false;
    return sample.heapTotal - sample.heapUsed >= this.options.minSlackBytes;
  }

  /** Tells the policy what a collection did to the heap's size. */
  collected(heapTotalBefore: number, heapTotalAfter: number): void {
    if (heapTotalBefore - heapTotalAfter >= this.options.minReturnBytes) {
      this.futile = 0;
      this.backoff = 1;
    } else if (++this.futile > this.options.futileBeforeBackoff) {
      this.backoff = Math.min(this.backoff * 2, this.options.maxBackoffTicks);
    }
    this.skip = this.backoff - 1;
  }
}

/**
 * A full garbage collection. Node offers none without `--expose-gc` at start; the flag set now puts
 * `gc` into contexts created afterwards, such as this one (and is unset again for any later ones).
 */
export function fullGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export interface Collection {
  heapTotalBefore: number;
  heapTotalAfter: number;
  ms: number;
}

/** Starts the ticks (unref'd: they never keep the process alive); returns a stop function. */
export function startIdleCollector(options: IdleCollectorOptions & { onCollect?: (c: Collection) => void } = {}): () => void {
  const policy = new IdleCollectionPolicy(options);
  // Made on the first collection: a new context costs a few milliseconds, not to be spent at start-up.
  let gc: (() => void) | undefined;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    const before = getHeapStatistics();
    if (!policy.tick({ utilization, heapTotal: before.total_heap_size, heapUsed: before.used_heap_size })) return;
    const started = performance.now();
    (gc ??= fullGc())();
    const after = getHeapStatistics().total_heap_size;
    policy.collected(before.total_heap_size, after);
    options.onCollect?.({ heapTotalBefore: before.total_heap_size, heapTotalAfter: after, ms: performance.now() - started });
  }, options.intervalMs ?? 1000);
  timer.unref();
  return () => clearInterval(timer);
}
