/**
 * Heavy work off the request loop: exports (PDF, DOCX, TXT, SRT, VTT, the account zip's texts), edits
 * (parsing, validating and diffing a transcript of up to 20,000 segments) and the built-in AI engine's
 * answers run in worker threads
 * (heavy-work.ts), never in the thread that answers every other request. Each kind of work has threads
 * and a bounded queue of its own, so a burst of exports cannot hold up an edit, nor the reverse; a task
 * that finds its kind's queue full is refused at once with 503 SERVER_BUSY and Retry-After, never left
 * to wait without end.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.ts';
import type { HeavyTasks, TaskFailure } from './heavy-work.ts';

export type WorkKind = 'exports' | 'edits' | 'ai';

/** How much lower the worker threads' priority is (nice). */
const WORK_NICENESS = 10;

export interface WorkPoolOptions {
  /** Threads per kind of work (default: half the cores, at least 1). */
  threads?: number;
  /** Tasks of each kind that may wait for a thread; one more is refused (503). */
  queueMax: Record<WorkKind, number>;
  /** A kind's threads end after this long without a task (ms; default 60 s). */
  idleMs?: number;
}

type TaskName = keyof HeavyTasks;
type InputOf<N extends TaskName> = Parameters<HeavyTasks[N]>[0];
type OutputOf<N extends TaskName> = Exclude<Awaited<ReturnType<HeavyTasks[N]>>, TaskFailure>;

/** Thrown (as a 503 answer) when a kind's queue is full. */
export const serverBusy = (retryAfterSeconds: number) =>
  new HttpError(503, 'SERVER_BUSY', { params: { seconds: retryAfterSeconds }, headers: { 'Retry-After': String(retryAfterSeconds) } });

/**
 * The worker's entry: compiled beside the server in dist/ (build.mjs), the TypeScript source next to
 * this file otherwise (loaded through tsx, as the server's own sources are in development and tests).
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const compiled = import.meta.url.endsWith('.js');
  const filename = new URL(compiled ? './heavy-work.js' : './heavy-work.ts', import.meta.url).href;
  const execArgv = compiled ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
  return { filename, execArgv };
}

export interface WorkPool {
  /**
   * Runs task `name` in a thread of `kind`. Refused with 503 when that kind's queue is full, unless
   * `admitted` (the later steps of one piece of work already let in, such as the account zip's transcripts).
   * A task's own refusal (an HttpError inside the worker) is thrown here as the same HttpError.
   */
  run<N extends TaskName>(
    kind: WorkKind,
    name: N,
    input: InputOf<N>,
    options?: { transferList?: ArrayBuffer[]; admitted?: boolean },
  ): Promise<OutputOf<N>>;
  /** Refuses with 503 when `kind` could not take one more task now (before starting work that will need one). */
  admit(kind: WorkKind): void;
  /** Tasks of each kind running or waiting. */
  load(kind: WorkKind): number;
  close(): Promise<void>;
}

export function createWorkPool(options: WorkPoolOptions): WorkPool {
  const threads = Math.max(1, options.threads ?? Math.floor(availableParallelism() / 2));
  const { filename, execArgv } = workerEntry();
  const kinds = new Map<WorkKind, { pool: Piscina; pending: number; meanMs: number }>();
  const kindOf = (kind: WorkKind) => {
    let entry = kinds.get(kind);
    if (!entry) {
      const pool = new Piscina({
        filename,
        execArgv,
        name: 'run',
        minThreads: 0,
        maxThreads: threads,
        // Below the request thread's priority (Linux, per thread): on a busy machine the request thread
        // still gets the cores first, as the transcription engine's processes let it (whisper/pool.ts).
        niceIncrement: WORK_NICENESS,
        idleTimeout: options.idleMs ?? 60_000,
      });
      entry = { pool, pending: 0, meanMs: 1000 };
      kinds.set(kind, entry);
    }
    return entry;
  };
  const capacity = (kind: WorkKind) => threads + options.queueMax[kind];
  /** Seconds until a place is likely free: the tasks ahead at the kind's mean task time, 1 to 60. */
  const retryAfter = (kind: WorkKind) => {
    const entry = kindOf(kind);
    const waves = Math.ceil((entry.pending - threads + 1) / threads);
    return Math.min(60, Math.max(1, Math.ceil((Math.max(1, waves) * entry.meanMs) / 1000)));
  };

  const admit = (kind: WorkKind) => {
    if (kindOf(kind).pending >= capacity(kind)) throw serverBusy(retryAfter(kind));
  };

  return {
    admit,
    async run(kind, name, input, { transferList, admitted = false } = {}) {
      if (!admitted) admit(kind);
      const entry = kindOf(kind);
      entry.pending++;
      const started = performance.now();
      try {
        const result = (await entry.pool.run({ name, input }, { transferList })) as OutputOf<typeof name> | TaskFailure;
        if (result && typeof result === 'object' && 'failure' in result) {
          const { status, code, params, body } = (result as TaskFailure).failure;
          throw new HttpError(status, code, { params, body });
        }
        return result as OutputOf<typeof name>;
      } finally {
        entry.pending--;
        // A running mean, so Retry-After follows what this kind's tasks cost here.
        entry.meanMs = entry.meanMs * 0.8 + (performance.now() - started) * 0.2;
      }
    },
    load: (kind) => kinds.get(kind)?.pending ?? 0,
    async close() {
      await Promise.all([...kinds.values()].map((k) => k.pool.destroy()));
      kinds.clear();
    },
  };
}
