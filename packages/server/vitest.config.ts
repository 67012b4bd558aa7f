import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';
import { WASM_WRAPPER_FLAGS } from './src/wasm-wrapper-flags.ts';

// Server tests run over real HTTP against a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set: each file then gets its own freshly created database).

/**
 * Files that never open a database (the engine, pure logic): the PostgreSQL pass would only run them
 * a second time, so they run in the PGlite pass alone. test/database-free.test.ts keeps this list true.
 */
export const databaseFreeFiles = [
  'test/ai/ai-chunker.test.ts',
  'test/uploads/audio-header.test.ts',
  'test/ai/ai-local-answers.test.ts',
  'test/ai/ai-quality.test.ts',
  'test/ai/ai-times.test.ts',
  'test/http/caller-gate.test.ts',
  'test/db/fair-turns.test.ts',
  'test/cluster/proxy.test.ts',
  'test/credits/credits-config.test.ts',
  'test/folders/folder-tree.test.ts',
  'test/idle-memory.test.ts',
  'test/live-draft/live-draft.test.ts',
  'test/auth/passwords.test.ts',
  'test/http/request-price.test.ts',
  'test/auth/session-cache.test.ts',
  'test/start-env.test.ts',
  'test/storage/storage.test.ts',
  'test/http/terminal-logs.test.ts',
  'test/transcription/audio.test.ts',
  'test/transcription/decode-thread.test.ts',
  'test/transcription/engine.test.ts',
  'test/transcription/engine-processes.test.ts',
  'test/transcription/engine-review.test.ts',
  'test/transcription/failures.test.ts',
  'test/transcription/model.test.ts',
  'test/transcription/proto-wire.test.ts',
  'test/transcription/resample.test.ts',
  'test/transcription/review.test.ts',
  'test/transcription/sentences.test.ts',
  'test/transcription/speaker-clustering.test.ts',
  'test/transcription/speaker-detection.test.ts',
  'test/transcription/speech.test.ts',
  'test/transcription/tokenizer.test.ts',
  'test/transcription/vad-pieces.test.ts',
  'test/transcription/wer.test.ts',
  'test/transcription/windows.test.ts',
  'test/transcription/word-aligner.test.ts',
  'test/transcription/word-timing.test.ts',
  'test/transcripts/words.test.ts',
  'test/webhooks/address.test.ts',
  'test/wasm-wrapper-flags.test.ts',
];
/**
 * Files that compare latencies or durations (a bystander's p95 during a flood, a confirmation within
 * so many seconds): they run after everything else, one at a time and alone, so another test file's
 * work does not land inside what they measure. test/database-free.test.ts checks that each one exists.
 */
export const timedFiles = [
  'test/ai/ai-long.test.ts',
  'test/ai/ai-quality.test.ts',
  'test/work/heavy-work.test.ts',
  'test/http/http-hardening.test.ts',
  'test/live-draft/live-draft.test.ts',
  'test/live/live-hub-confirm.test.ts',
  'test/http/request-budget.test.ts',
  'test/transcription/decode-thread.test.ts',
];

const root = fileURLToPath(new URL('.', import.meta.url));
const skippedOnPostgres = process.env.DATABASE_URL ? databaseFreeFiles : [];

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll awaits a condition; its default deadline (1 s) is too short for a busy 2-core machine
  // (a log line from a worker process, a proxied socket's message). A test that means a time bound
  // passes its own timeout.
  expect: { poll: { timeout: 10_000 } },
  // One worker process for all of a project's files, its imported modules kept: a fresh process per
  // file spent about a third of the server suite starting Node and importing the server again (the
  // PGlite pass: 1,971 s before, 1,427 s after, whole Vitest run). Every file builds its own app,
  // database and engine (test/helpers.ts), so what a test sees does not come from an earlier file.
  isolate: false,
  // V8 flags of the server itself (src/wasm-wrapper-flags.ts: an abort in V8's code-page registry with
  // PGlite and the audio decoders running WebAssembly in one process). The memory-protection-key
  // tracking of code pages is off too, for CPUs that have the keys (this kind of machine has none).
  execArgv: ['--no-memory-protection-keys', ...WASM_WRAPPER_FLAGS] as string[],
} as const;

/**
 * The server's tests as two projects: `server`, one file at a time, beside the other projects, and
 * `server-timed`, the timed files, afterwards and alone. `--project 'server*'` runs both. Two server
 * files at a time was tried: transcription tests (the engine's two inference processes each) then ran
 * past their deadlines on the 2 cores (jobs.test.ts, pgboss-upgrade.test.ts).
 */
export const serverProjects = [
  defineProject({
    root,
    test: {
      ...shared,
      name: 'server',
      include: ['test/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...skippedOnPostgres, ...timedFiles],
      // Each file starts its own PGlite and often the transcription engine: one at a time on 2 cores.
      fileParallelism: false,
    },
  }),
  defineProject({
    root,
    test: {
      ...shared,
      name: 'server-timed',
      include: timedFiles.filter((file) => !skippedOnPostgres.includes(file)),
      fileParallelism: false,
      sequence: { groupOrder: 1 },
    },
  }),
];
