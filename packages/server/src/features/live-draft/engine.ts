/**
 * The engine behind live drafts: the process's transcription engine, asked for one window at a time.
 * The built-in engine takes the samples directly and shares its inference queue with the jobs; any
 * other engine (the OpenAI-compatible one) gets each window as a small WAV file, less often (each
 * request costs a round trip and, on a paid service, money).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TranscriptionEngine } from '../transcription/engines/types.ts';
import { encodeWav, SAMPLE_RATE } from '../transcription/engines/whisper/audio.ts';
import { WhisperEngine } from '../transcription/engines/whisper/engine.ts';
import type { WhisperModelOptions } from '../transcription/engines/whisper/engine-options.ts';
import { inferenceHostEnv } from '../transcription/engines/whisper/pool.ts';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import type { DraftReply, DraftRequest } from './draft-process.ts';
import type { PassSegment } from './drafting.ts';

/** Niceness of the live-draft process (0 normal, 19 lowest). */
const DRAFT_PROCESS_NICENESS = 10;

export interface DraftEngine {
  /** Seconds of new audio between two passes over a recording's tail. */
  readonly stepSeconds: number;
  readonly languages: string[] | 'any';
  /** Segments of 16 kHz mono `samples`, in seconds from their start. */
  transcribe(samples: Float32Array, options: { language?: string; signal?: AbortSignal }): Promise<PassSegment[]>;
  /** Starts what the first pass would otherwise wait for (the child process and its model). */
  warm?(): void;
  /** Frees what the engine holds (the child process). */
  close?(): Promise<void>;
}

export interface DraftEngineOptions {
  /** Folder for the WAV files sent to a remote engine. */
  tmpDir: string;
  /** Override of the pass interval (default: 1 s built-in, 10 s remote). */
  stepSeconds?: number;
  /** Built-in engine: run passes in a child process (default true; see draft-process.ts). */
  childProcess?: boolean;
}

/** The built-in engine in a child process (draft-process.ts), started on the first pass; replies matched by id. */
class DraftProcess {
  private child: ChildProcess | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(s: PassSegment[]): void; reject(e: Error): void }>();

  constructor(private readonly model: WhisperModelOptions) {}

  private start(): ChildProcess {
    if (this.child) return this.child;
    // The compiled server (dist/main.js) has the child compiled beside it (build.mjs); from the sources
    // the child loads TypeScript as the server does (tsx, a dev dependency: only the sources need it).
    const compiled = import.meta.url.endsWith('.js');
    const script = fileURLToPath(new URL(compiled ? './draft-process.js' : './draft-process.ts', import.meta.url));
    const execArgv = compiled ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
    const child = fork(script, [JSON.stringify(this.model)], {
      execArgv,
      env: inferenceHostEnv(process.env), // runs Whisper in this process: huge pages, as the engine's inference processes
      serialization: 'advanced', // Float32Array samples as they are
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (reply: DraftReply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply.segments);
      this.idle();
    });
    const fail = (error: Error) => {
      if (this.child === child) this.child = null;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    child.on('error', fail);
    child.on('exit', (code, signal) => fail(new Error(`The live-draft process stopped (${signal ?? code}).`)));
    // Drafts are a preview: the server's own requests and the jobs go first when the cores are busy.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, DRAFT_PROCESS_NICENESS);
      } catch {
        // Not permitted here (some containers): the child keeps the server's priority.
      }
    }
    this.child = child;
    return child;
  }

  /** With nothing asked, the child does not keep the server's event loop alive. */
  private idle(): void {
    if (this.waiting.size > 0 || !this.child) return;
    this.child.unref();
    (this.child.channel as { unref?(): void } | undefined)?.unref?.();
  }

  /** Loads the model in the child now: a short silent window (answers nothing). */
  warm(): void {
    if (this.child) return;
    this.transcribe(new Float32Array(1600)).catch(() => undefined);
  }

  transcribe(samples: Float32Array, signal?: AbortSignal): Promise<PassSegment[]> {
    signal?.throwIfAborted();
    const child = this.start();
    const id = this.nextId++;
    return new Promise<PassSegment[]>((resolve, reject) => {
      const onAbort = () => {
        if (this.waiting.delete(id)) reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
        this.idle();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          signal?.removeEventListener('abort', onAbort);
          fn(value);
        };
      this.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
      child.ref();
      (child.channel as { ref?(): void } | undefined)?.ref?.();
      child.send({ id, samples } satisfies DraftRequest);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

export function draftEngineFor(engine: TranscriptionEngine, options: DraftEngineOptions): DraftEngine {
  if (engine instanceof WhisperEngine) {
    const child = options.childProcess === false ? null : new DraftProcess(engine.modelOptions);
    return {
      // A pass costs ~0.5 CPU s (one padded 30 s encoder run plus the tokens): a pass per second of new
      // audio keeps the newest words about a second or two old; a busy engine makes passes rarer.
      stepSeconds: options.stepSeconds ?? 1,
      languages: engine.languages,
      transcribe: async (samples, { signal }) =>
        child
          ? child.transcribe(samples, signal)
          : (await engine.transcribeSamples(samples, { signal })).map((s) => ({ start: s.start, end: s.end, text: s.text })),
      warm: () => child?.warm(),
      close: () => child?.close() ?? Promise.resolve(),
    };
  }
  return {
    stepSeconds: options.stepSeconds ?? 10,
    languages: engine.languages,
    async transcribe(samples, { language, signal }) {
      await mkdir(options.tmpDir, { recursive: true, mode: 0o700 });
      const filePath = join(options.tmpDir, `draft-${randomUUID()}.wav`);
      try {
        await writeFile(filePath, encodeWav(samples, SAMPLE_RATE), { mode: 0o600 });
        const result = await engine.transcribe({ filePath, mimeType: 'audio/wav', language, signal });
        return result.segments.map((s) => ({ start: s.start, end: s.end, text: s.text }));
      } finally {
        await rm(filePath, { force: true });
      }
    },
  };
}
