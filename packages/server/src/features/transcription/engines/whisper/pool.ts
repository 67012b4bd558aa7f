/**
 * The built-in engine's inference processes: `size` children (inference-host.ts), each with its own
 * sessions, fed from one first-come-first-served queue of windows and VAD blocks. Every recording keeps
 * at most one request per part in the queue, so two recordings at once take turns window by window and
 * each gets about half of the processes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { HostOptions, HostReply, HostRequest } from './inference-host.ts';
import type { WindowReply, WindowRequest } from './inference.ts';

/** Niceness of the inference processes: the server's own requests come first on busy cores. */
const HOST_NICENESS = 5;

/**
 * The inference processes' environment: glibc's malloc asks for transparent huge pages on the memory it
 * maps (glibc 2.35+; ignored by older ones, and a no-op where THP is off). Each window allocates and frees
 * ~200 MB of activations; in 4 KB pages the kernel's page faults were ~15 % of a window's CPU time
 * (measured: 1,080 -> 875 ms CPU per 30 s window, same peak memory), while the arena that avoided them
 * kept that memory between windows.
 *
 * The server's own fixed mmap threshold (the start scripts' MALLOC_MMAP_THRESHOLD_, which lets an idle
 * server give freed memory back) is not passed on: every activation above it became a fresh mapping,
 * ~20 % more CPU per window (764 -> 948 ms). These processes exit when idle, which returns everything.
 */
export function inferenceHostEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _mmap, MALLOC_TRIM_THRESHOLD_: _trim, ...rest } = env;
  const tunables = env.GLIBC_TUNABLES?.split(':').filter(Boolean) ?? [];
  if (!tunables.some((t) => t.startsWith('glibc.malloc.hugetlb='))) tunables.push('glibc.malloc.hugetlb=1');
  return { ...rest, GLIBC_TUNABLES: tunables.join(':') };
}

type Task = { op: 'window'; window: WindowRequest } | { op: 'vad'; audio: Float32Array; gain?: number };

interface Pending {
  task: Task;
  signal?: AbortSignal;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

class Host {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  busy: Pending | null = null;
  loaded = false;
  private nextId = 0;
  private current = -1;

  constructor(
    options: HostOptions,
    private readonly onFree: (host: Host) => void,
    private readonly onExit: (host: Host, error: Error) => void,
  ) {
    // The compiled server (dist/main.js) has the host compiled beside it (build.mjs); from the sources
    // the host loads TypeScript as the server does.
    const compiled = import.meta.url.endsWith('.js');
    const script = fileURLToPath(new URL(compiled ? './inference-host.js' : './inference-host.ts', import.meta.url));
    const execArgv = compiled ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
    this.child = fork(script, [JSON.stringify(options)], {
      execArgv,
      env: inferenceHostEnv(process.env),
      serialization: 'advanced', // typed arrays as they are
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (this.child.pid !== undefined) {
      try {
        setPriority(this.child.pid, HOST_NICENESS);
      } catch {
        // Not permitted here (some containers): the host keeps the server's priority.
      }
    }
    this.ready = new Promise<void>((resolve, reject) => {
      this.child.on('message', (reply: HostReply) => {
        if (reply.kind === 'ready' || reply.kind === 'load-error') {
          if (reply.kind === 'ready') {
            this.loaded = true;
            resolve();
          } else reject(new Error(`The transcription model could not be loaded: ${reply.error}`));
          return;
        }
        const pending = this.busy;
        if (!pending || reply.id !== this.current) return;
        this.busy = null;
        if (reply.kind === 'error') pending.reject(new Error(reply.error));
        else pending.resolve(reply.kind === 'window' ? reply.window : reply.probabilities);
        this.onFree(this);
      });
      const exit = (error: Error) => {
        reject(error);
        const pending = this.busy;
        this.busy = null;
        pending?.reject(error);
        this.onExit(this, error);
      };
      this.child.on('error', exit);
      this.child.on('exit', (code, signal) => exit(new Error(`A transcription process stopped (${signal ?? code}).`)));
    });
    this.ready.catch(() => undefined);
  }

  start(pending: Pending): void {
    this.busy = pending;
    this.current = this.nextId++;
    this.child.send({ id: this.current, ...pending.task } as HostRequest);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.disconnect();
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

export class InferencePool {
  private readonly hosts: Host[] = [];
  private readonly queue: Pending[] = [];
  private closed = false;
  private failed: Error | null = null;

  constructor(
    readonly size: number,
    private readonly options: HostOptions,
  ) {
    for (let i = 0; i < size; i++) this.hosts.push(this.spawn());
  }

  /** Resolves when every process has loaded its sessions. */
  async ready(): Promise<void> {
    await Promise.all(this.hosts.map((h) => h.ready));
  }

  /** Process ids of the inference processes (benches add their memory and CPU time to the server's). */
  get pids(): number[] {
    return this.hosts.map((h) => h.child.pid).filter((pid): pid is number => pid !== undefined);
  }

  window(window: WindowRequest, signal?: AbortSignal): Promise<WindowReply> {
    return this.submit({ op: 'window', window }, signal) as Promise<WindowReply>;
  }

  vad(audio: Float32Array, gain: number | undefined, signal?: AbortSignal): Promise<Float32Array> {
    return this.submit({ op: 'vad', audio, gain }, signal) as Promise<Float32Array>;
  }

  private submit(task: Task, signal?: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The transcription engine was closed.'));
    if (this.failed) return Promise.reject(this.failed);
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      this.queue.push({ task, signal, resolve, reject });
      this.dispatch();
    });
  }

  private spawn(): Host {
    return new Host(
      this.options,
      () => this.dispatch(),
      (host, error) => {
        const index = this.hosts.indexOf(host);
        if (index < 0 || this.closed) return;
        if (!host.loaded) {
          this.failed = error;
          // The model does not load (ready() rejects and the engine drops this pool): no respawn loop.
          for (const pending of this.queue.splice(0)) pending.reject(error);
          return;
        }
        // A process that stopped after loading (e.g. killed for memory) is replaced; its window's job
        // fails (and is retried as a job), what waits runs on the new one.
        this.hosts[index] = this.spawn();
        this.dispatch();
      },
    );
  }

  private dispatch(): void {
    for (const host of this.hosts) {
      if (host.busy || this.queue.length === 0 || host.child.exitCode !== null || host.child.signalCode !== null) continue;
      let next = this.queue.shift();
      // A cancelled job's queued windows are dropped, not run.
      while (next?.signal?.aborted) {
        next.reject(next.signal.reason);
        next = this.queue.shift();
      }
      if (!next) return;
      const pending = next;
      void host.ready.then(
        () => (host.busy === pending ? host.start(pending) : undefined),
        () => undefined, // its exit rejects `pending` and replaces the host
      );
      host.busy = pending;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('The transcription engine was closed.'));
    await Promise.all(this.hosts.map((h) => h.stop()));
  }
}
