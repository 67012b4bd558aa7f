/**
 * The embedded database (PGlite) in a thread of its own, with the part of PGlite's interface the server
 * uses (query, exec, transaction), so Drizzle's PGlite driver and pg-boss work on it unchanged.
 *
 * Why: PGlite runs each statement in WebAssembly on the calling thread. On the request thread, the
 * statement that stores an edit of a long transcript (1.5 MB of segments: 30-90 ms measured) held every
 * other user's request for as long. In this thread it holds only the database's connection, which
 * callers already take turns on (fair-turns.ts): a request that needs no database is answered meanwhile,
 * and one that does waits for that statement, not for the request thread.
 *
 * PGlite's own PGliteWorker is built for browsers' workers (electric-sql/pglite#398 asks for Node's), and
 * its socket server would put PostgreSQL's wire protocol between two threads of one process, every
 * connection sharing PGlite's one session; hence this small protocol (pglite-wire.ts).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { currentCaller } from '../caller-scope.ts';
import { createFairTurns } from './fair-turns.ts';
import { errorFromWire, type HostReply, type HostRequest, type HostStart } from './pglite-wire.ts';

/** Distributes Omit over the request union: a request as the caller writes it, without its id. */
type Unsent<R> = R extends unknown ? Omit<R, 'id'> : never;
type Request = Unsent<HostRequest>;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Type parsers; only `value => value` (keep the database's text) crosses to the thread. */
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

/** The statements of an open transaction. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** The thread's entry: compiled beside the server in dist/ (build.mjs), the TypeScript source otherwise (through tsx). */
function hostEntry(): { filename: URL; execArgv: string[] } {
  const compiled = import.meta.url.endsWith('.js');
  return {
    filename: new URL(compiled ? './pglite-host.js' : './pglite-host.ts', import.meta.url),
    execArgv: compiled ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
  };
}

function rawTypes(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  return Object.entries(options.parsers).map(([type, parse]) => {
    if (parse('probe', Number(type)) !== 'probe')
      throw new Error(`type ${type}: only parsers that keep the text cross to the database thread`);
    return Number(type);
  });
}

export class PGliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private nextId = 1;
  private stopped: Error | null = null;
  private ready = false;
  private closing = false;
  private readonly turns = createFairTurns();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: HostReply) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in message) waiter.reject(errorFromWire(message.error));
      else waiter.resolve(message.result);
    });
    const stop = (err: Error) => {
      const unexpected = !this.stopped && !this.closing;
      this.stopped ??= err;
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
      // A database thread that died (PGlite aborted) leaves no database: the process ends as it did
      // when PGlite ran in it, rather than answer every request with an error from now on.
      if (unexpected && this.ready)
        setImmediate(() => {
          throw err;
        });
    };
    worker.on('error', (err) => stop(new Error(`the database thread failed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Opens PGlite on `dataDir` in a new thread; rejects with PGlite's own error when it cannot. */
  static async create(dataDir: string, options: { startParams: string[] }): Promise<PGliteThread> {
    const { filename, execArgv } = hostEntry();
    const start: HostStart = { dataDir, startParams: options.startParams };
    // A young generation of 4 MB instead of V8's default: the thread's heap stayed at 20 MB instead of
    // 32 MB on the idle compiled server (measured), and its garbage is small objects of query answers.
    const worker = new Worker(filename, { workerData: start, execArgv, name: 'database', resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    const thread = new PGliteThread(worker);
    try {
      await thread.reply(0);
      thread.ready = true;
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return thread;
  }

  /** Waits for the answer to message `id` (the thread is kept alive only while an answer is due). */
  private reply(id: number): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private send(request: Request, transfer?: ArrayBuffer[]): Promise<unknown> {
    const id = this.nextId++;
    const answer = this.reply(id);
    if (!this.stopped) this.worker.postMessage({ ...request, id }, transfer);
    return answer;
  }

  /** One operation in the caller's turn: a caller with many queued waits behind others' single ones. */
  private inTurn<T>(operation: () => Promise<T>): Promise<T> {
    return this.turns.run(currentCaller(), operation);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const types = rawTypes(options);
    return this.inTurn(() => this.send({ op: 'query', sql, params, rowMode: options?.rowMode, rawTypes: types }) as Promise<Results<T>>);
  }

  exec(sql: string): Promise<Results[]> {
    return this.inTurn(() => this.send({ op: 'exec', sql }) as Promise<Results[]>);
  }

  /**
   * Runs `fn` in a transaction, committed when it resolves and rolled back when it throws. The turn is
   * held throughout, so no other caller's statement lands inside it.
   */
  transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      const id = (await this.send({ op: 'begin' })) as number;
      const tx: ThreadTransaction = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
          this.send({ op: 'query', sql, params, rowMode: options?.rowMode, rawTypes: rawTypes(options), tx: id }) as Promise<Results<R>>,
        exec: (sql: string) => this.send({ op: 'exec', sql, tx: id }) as Promise<Results[]>,
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        await this.send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw err;
      }
      await this.send({ op: 'end', tx: id, commit: true });
      return result;
    });
  }

  /** A gzipped tar of the data folder after a checkpoint (PGlite's dumpDataDir). */
  async snapshot(): Promise<Blob> {
    const dump = (await this.inTurn(() => this.send({ op: 'snapshot' }))) as ArrayBuffer;
    return new Blob([dump], { type: 'application/x-gzip' });
  }

  /** Closes PGlite (its files are then consistent) and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.stopped) await this.inTurn(() => this.send({ op: 'close' }));
    await this.worker.terminate();
  }
}
