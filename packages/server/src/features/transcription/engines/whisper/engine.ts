/**
 * The built-in transcription engine: Whisper tiny.en (int8 ONNX) on onnxruntime-node, no network.
 *
 * One engine per process. The model is prepared (graph rewrite, cached) on first use and run in
 * inference processes, one per core (pool.ts, inference-host.ts), which exit when the engine has been
 * idle: onnxruntime-node runs an inference on the calling thread, so only separate processes decode two
 * windows at once, and only an exited process gives its memory back. A long recording is cut at pauses
 * into one part per process and the parts are transcribed side by side; concurrent jobs take turns
 * window by window. `processes: 0` keeps the single session inside this process (the former path, a
 * bench baseline; live drafts' own child process uses it).
 */
import { availableParallelism } from 'node:os';
import {
  EngineError,
  UNKNOWN_SPEAKER,
  type TranscriptionEngine,
  type TranscriptionInput,
  type TranscriptionResult,
  type SegmentWord,
  type TranscriptSegment,
} from '../types.ts';
import { AudioDecodeError, SAMPLE_RATE, type Pcm } from './audio.ts';
import { decodeOffThread } from './decode-thread.ts';
import { prepareWhisperModel } from './model.ts';
import { WhisperTokenizer } from './tokenizer.ts';
import { applyGain, levelGain, soundFrames } from './level.ts';
import { blockwiseProbabilities, regionsFromFrames, SileroVad, VAD_BLOCK_SAMPLES, VAD_FRAME_SAMPLES } from './vad.ts';
import { TranscriptAssembler } from '../assembler.ts';
import { confidenceFromLogProbs, stepLogProbs } from '../confidence.ts';
import { speechFraction } from '../review.ts';
import { nextWindowStart, parseWindowTokens, splitAtPauses, WINDOW_SECONDS, windowEnd, type SpeechRegion } from './windows.ts';
import { SplitWindowRunner, vocabMaskSpec, type WindowReply, type WindowRequest } from './inference.ts';
import { prepareSplitModel } from './split-model.ts';
import { timeGroupWords, type TimedWord } from './word-timing.ts';
import { InferencePool } from './pool.ts';
import { decodeWithFallback } from './prompt-fallback.ts';
import { prepareSharedWeightsModel } from './shared-weights.ts';
import type { WhisperEngineOptions, WhisperModelOptions } from './engine-options.ts';
import { pcmView } from './pcm-view.ts';
import { vocabularyContext } from './vocabulary-context.ts';

const VAD_PAD_SECONDS = 0.3; // audio kept before and after detected speech
const VAD_MIN_SKIP_SECONDS = 2; // shorter silences are transcribed through (a window costs ~0.15 s)
// A part of a recording transcribed on its own holds at least this much speech: each cut costs about
// one partly filled window more.
const MIN_PART_SPEECH_SECONDS = 30;
// A long recording's first block of VAD (240 s) is judged before the rest, and its first windows are
// transcribed while the VAD goes on over the rest: the first text of a one-hour file shows after
// seconds, not after the VAD of the whole hour. Blocks are independent (vad.ts), so these windows are
// the ones the whole pass would decode; they are kept and used again by it.
const HEAD_SAMPLES = VAD_BLOCK_SAMPLES;
// Speech regions that end within a few seconds of the block's end can still change with the next block:
// windows whose reach (the window and a skippable silence after it) comes this close are left to the whole pass.
const HEAD_MARGIN_SECONDS = 5;

/** A window's generated ids and their log-probabilities (what `generate` answers). */
interface Generated {
  tokens: number[];
  logProbs: number[];
  /** With words: the first frame of each text token, then of end-of-text (WindowReply.tokenFrames). */
  tokenFrames?: Int32Array;
}

/** Windows decoded ahead by the head start, by their span in samples (`${start}:${end}`). */
type DecodedWindows = Map<string, Generated>;

interface Runtime {
  tokenizer: WhisperTokenizer;
  /** Windows that can run at the same time. */
  parallel: number;
  window(request: WindowRequest, signal?: AbortSignal): Promise<WindowReply>;
  /** Speech probability per VAD frame; null without VAD. */
  vad: ((pcm: Pcm, signal?: AbortSignal) => Promise<Float32Array>) | null;
  pids: number[];
  release(): Promise<void>;
}

export class WhisperEngine implements TranscriptionEngine {
  readonly name = 'whisper-tiny.en';
  readonly languages = ['en'];
  private runtime: Promise<Runtime> | null = null;
  private current: Runtime | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private active = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly options: Required<
    Omit<
      WhisperEngineOptions,
      'sourceModelPath' | 'prebuiltDir' | 'encoderAttention' | 'memoryLimitSamples' | 'tmpDir' | 'threads' | 'headStartSeconds'
    >
  > &
    WhisperEngineOptions & { threads: number };

  constructor(options: WhisperEngineOptions) {
    const cores = Math.max(1, Math.min(4, availableParallelism()));
    const processes = options.processes ?? cores;
    this.options = {
      vad: true,
      normalizeLevel: true,
      beams: 1,
      timestamps: true,
      idleReleaseMs: 10 * 60_000,
      splitLongRecordings: true,
      promptFallback: true,
      words: true,
      ...options,
      processes,
      threads: options.threads ?? (processes > 0 ? 1 : cores),
    };
  }

  /** True while the model's sessions are loaded (or loading). */
  get loaded(): boolean {
    return this.runtime !== null;
  }

  /** Inference processes when loaded (0: the session runs inside this process). */
  get processCount(): number {
    return this.options.processes;
  }

  /** Process ids of the inference processes while loaded (benches add their memory and CPU time). */
  get processIds(): number[] {
    return this.current?.pids ?? [];
  }

  /** Where this engine's model comes from and is cached (a second engine, e.g. in a worker thread, loads the same). */
  get modelOptions(): WhisperModelOptions {
    const { cacheDir, sourceModelPath, prebuiltDir, encoderAttention } = this.options;
    return { cacheDir, sourceModelPath, prebuiltDir, encoderAttention };
  }

  /** Prepares the model and sessions now instead of on the first transcription. */
  ready(): Promise<void> {
    return this.load().then(() => undefined);
  }

  private load(): Promise<Runtime> {
    const runtime = (this.runtime ??= (async () => {
      const prepared = await prepareWhisperModel({
        cacheDir: this.options.cacheDir,
        sourcePath: this.options.sourceModelPath,
        prebuiltDir: this.options.prebuiltDir,
        encoderAttention: this.options.encoderAttention,
      });
      const tokenizer = new WhisperTokenizer(prepared.tokenizer);
      const mask = vocabMaskSpec(tokenizer.special);
      const { processes, threads, vad } = this.options;
      // The split model (encoder, search, word aligner) over the shared-weights file: processes map one copy.
      const model = await prepareSplitModel(await prepareSharedWeightsModel(prepared.modelPath, this.options.cacheDir));
      if (processes > 0) {
        const pool = new InferencePool(processes, { model, special: tokenizer.special, threads, mask, vad });
        try {
          await pool.ready();
        } catch (error) {
          await pool.close();
          throw error;
        }
        return {
          tokenizer,
          parallel: processes,
          window: (request, signal) => pool.window(request, signal),
          vad: vad
            ? (pcm, signal) =>
                blockwiseProbabilities(pcm, (audio, gain) => pool.vad(audio, gain, signal), { concurrency: processes, signal })
            : null,
          pids: pool.pids,
          release: () => pool.close(),
        } satisfies Runtime;
      }
      const runner = await SplitWindowRunner.create(model, threads, mask, tokenizer.special);
      const silero = vad ? await SileroVad.create() : null;
      return {
        tokenizer,
        parallel: 1,
        // One inference at a time: concurrent jobs take turns window by window.
        window: (request) => this.exclusive(() => runner.run(request)),
        vad: silero ? (pcm, signal) => this.exclusive(() => silero.frameProbabilities(pcm, signal)) : null,
        pids: [],
        release: async () => {
          await runner.release();
          await silero?.release();
        },
      } satisfies Runtime;
    })());
    // A failed load (e.g. unwritable cache dir) must not poison every later call.
    runtime.then(
      (r) => {
        if (this.runtime === runtime) this.current = r;
      },
      () => {
        if (this.runtime === runtime) this.runtime = null;
      },
    );
    return runtime;
  }

  /** Runs `task` after every queued inference (one at a time per engine, in-process sessions). */
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
    const pcm = await decodeOffThread(input.filePath, {
      signal,
      // Past 10 minutes the samples go to a temp file: 38 MB in memory at most, on top of the inference processes.
      memoryLimitSamples: this.options.memoryLimitSamples ?? 10 * 60 * SAMPLE_RATE,
      tmpDir: this.options.tmpDir,
    }).catch((err: unknown) => {
      throw err instanceof AudioDecodeError ? new EngineError('undecodable', err.message, { cause: err, code: err.code }) : err;
    });
    try {
      await input.onDuration?.(pcm.length / SAMPLE_RATE);
      onProgress?.(0);
      // Speech per VAD frame: the VAD's probabilities, or (VAD off) 0/1 from the level, filled in per window.
      let frames: Float32Array;
      let windows: DecodedWindows | undefined;
      if (runtime.vad && input.onSegments && this.headStarts(pcm.length)) {
        const head = await this.headStart(runtime, pcm, input);
        const rest = await runtime.vad(pcmView(pcm, HEAD_SAMPLES), signal).catch(async (error: unknown) => {
          await head.stop();
          throw error;
        });
        frames = new Float32Array(head.frames.length + rest.length);
        frames.set(head.frames);
        frames.set(rest, head.frames.length);
        windows = await head.stop();
      } else {
        frames = runtime.vad ? await runtime.vad(pcm, signal) : new Float32Array(Math.ceil(pcm.length / VAD_FRAME_SAMPLES));
      }
      const regions = runtime.vad ? regionsFromFrames(frames, pcm) : null;
      const segments = await this.transcribePcm(runtime, pcm, regions, frames, input, { windows });
      onProgress?.(1);
      const speechFrames = runtime.vad ? frames.reduce((n, p) => n + (p >= 0.5 ? 1 : 0), 0) : undefined;
      return {
        durationSeconds: pcm.length / SAMPLE_RATE,
        language: 'en',
        segments,
        ...(speechFrames === undefined ? {} : { speechSeconds: (speechFrames * VAD_FRAME_SAMPLES) / SAMPLE_RATE }),
      };
    } finally {
      await pcm.dispose();
    }
  }

  /** True when a recording of `samples` gets the head start (and its first part holds the first VAD block). */
  private headStarts(samples: number): boolean {
    return (
      this.options.splitLongRecordings && samples > HEAD_SAMPLES && samples >= (this.options.headStartSeconds ?? 16 * 60) * SAMPLE_RATE
    );
  }

  /**
   * The VAD of the recording's first block, then its first windows decoded and their settled text
   * reported while the caller runs the VAD over the rest. `stop` ends it after the window under way and
   * answers the windows decoded, for the whole pass to use instead of decoding them again.
   */
  private async headStart(runtime: Runtime, pcm: Pcm, input: TranscriptionInput) {
    const head = pcmView(pcm, 0, HEAD_SAMPLES);
    const frames = await runtime.vad!(head, input.signal);
    const regions = regionsFromFrames(frames, head);
    const frameSeconds = VAD_FRAME_SAMPLES / SAMPLE_RATE;
    const assembler = new TranscriptAssembler((start, end) => speechFraction(start, end, frames, frameSeconds));
    const pieces: TranscriptSegment[] = [];
    const windows: DecodedWindows = new Map();
    let pushed = 0;
    let stopped = false;
    const reach = (WINDOW_SECONDS + VAD_MIN_SKIP_SECONDS + HEAD_MARGIN_SECONDS) * SAMPLE_RATE;
    const running = this.transcribeRange(
      runtime,
      head,
      regions,
      frames,
      0,
      head.length,
      vocabularyContext(runtime.tokenizer, input.vocabulary),
      input.signal ?? new AbortController().signal,
      pieces,
      () => {
        for (; pushed < pieces.length; pushed++) assembler.push(pieces[pushed]);
        if (assembler.settle() > 0) input.onSegments?.(assembler.settled.slice());
      },
      { windows, until: (start) => stopped || start + reach > head.length },
    ).catch(() => undefined); // the whole pass decodes again what failed here, and fails there if it must
    return {
      frames,
      async stop(): Promise<DecodedWindows> {
        stopped = true;
        await running;
        return windows;
      },
    };
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

  /**
   * The recording in parts cut at pauses (one per inference process), the parts side by side, each
   * with Whisper's own seeking; the segments joined in order, then flagged and merged into sentences.
   */
  private async transcribePcm(
    runtime: Runtime,
    pcm: Pcm,
    regions: SpeechRegion[] | null,
    frames: Float32Array,
    input: TranscriptionInput,
    { raw = false, windows }: { raw?: boolean; windows?: DecodedWindows } = {},
  ) {
    const { signal, onProgress } = input;
    const total = pcm.length;
    const context = vocabularyContext(runtime.tokenizer, input.vocabulary);
    const bounds =
      regions && this.options.splitLongRecordings
        ? splitAtPauses(regions, total, runtime.parallel, MIN_PART_SPEECH_SECONDS * SAMPLE_RATE, this.headStarts(total) ? HEAD_SAMPLES : 0)
        : [0, total];
    // One part failing stops the others at their next window.
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const done = new Array<number>(bounds.length - 1).fill(0);
    let reported = 0;
    const frameSeconds = VAD_FRAME_SAMPLES / SAMPLE_RATE;
    const assembler = new TranscriptAssembler((start, end) => speechFraction(start, end, frames, frameSeconds));
    const kept: TranscriptSegment[] = [];
    // Each part's decoded pieces as its windows finish; `finished` once its last window is done.
    const parts = bounds.slice(1).map(() => ({ pieces: [] as TranscriptSegment[], finished: false }));
    // The pieces handed to the assembler so far: parts before `cursor.part` whole, and `cursor.piece` of that one.
    const cursor = { part: 0, piece: 0 };
    /** Hands over the pieces that follow everything handed over so far (an earlier part still running holds back the later ones). */
    const advance = () => {
      let grew = false;
      while (cursor.part < parts.length) {
        const part = parts[cursor.part];
        for (; cursor.piece < part.pieces.length; cursor.piece++) {
          kept.push(assembler.push(part.pieces[cursor.piece]));
          grew = true;
        }
        if (!part.finished) break;
        cursor.part++;
        cursor.piece = 0;
      }
      if (grew && input.onSegments && !raw && cursor.part < parts.length && assembler.settle() > 0) {
        input.onSegments(assembler.settled.slice());
      }
    };
    const settled = await Promise.allSettled(
      bounds.slice(1).map(async (to, part) => {
        const from = bounds[part];
        const partRegions = regions
          ?.filter((r) => r.end > from && r.start < to)
          .map((r) => ({ start: Math.max(from, r.start), end: Math.min(to, r.end) }));
        try {
          await this.transcribeRange(
            runtime,
            pcm,
            partRegions ?? null,
            frames,
            from,
            to,
            context,
            stop.signal,
            parts[part].pieces,
            (position) => {
              done[part] = position - from;
              const fraction = Math.min(1, done.reduce((a, b) => a + b, 0) / total);
              if (fraction > reported) {
                reported = fraction;
                onProgress?.(fraction);
              }
              advance();
            },
            { windows },
          );
          parts[part].finished = true;
          if (!stop.signal.aborted) advance();
        } catch (error) {
          stop.abort(error);
          throw error;
        }
      }),
    );
    signal?.removeEventListener('abort', onAbort);
    signal?.throwIfAborted();
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    advance();
    if (raw) return kept;
    return assembler.finish();
  }

  /** Samples [from, to) window by window, each starting at the last complete timestamp of the one before. */
  private async transcribeRange(
    runtime: Runtime,
    pcm: Pcm,
    regions: SpeechRegion[] | null,
    frames: Float32Array,
    from: number,
    to: number,
    context: number[],
    signal: AbortSignal,
    segments: TranscriptSegment[],
    onAdvance: (position: number) => void,
    {
      windows,
      until,
    }: {
      /** Windows decoded already (used instead of decoding them again) or, with `until`, the place to keep them. */
      windows?: DecodedWindows;
      /** Stops before the window starting at `start` when true (the head start's limit). */
      until?: (start: number) => boolean;
    } = {},
  ): Promise<void> {
    const { tokenizer } = runtime;
    const windowSamples = WINDOW_SECONDS * SAMPLE_RATE;
    const pad = Math.round(VAD_PAD_SECONDS * SAMPLE_RATE);
    const minSkip = Math.round(VAD_MIN_SKIP_SECONDS * SAMPLE_RATE);
    let position = from;
    while (position < to) {
      signal.throwIfAborted();
      let start = position;
      let end = Math.min(to, start + windowSamples);
      if (regions) {
        start = Math.max(from, nextWindowStart(position, regions, to, pad, minSkip));
        if (start >= to) break;
        end = windowEnd(start, regions, to, windowSamples, pad, minSkip);
      }
      // Whisper pads shorter input itself; anything under 0.1 s carries no words.
      if (end - start < SAMPLE_RATE / 10) break;
      if (until?.(start)) return;
      const audio = await pcm.read(start, end);
      if (!regions) {
        // Before the level lift, which would make near-silence loud.
        const first = Math.floor(start / VAD_FRAME_SAMPLES);
        const sound = soundFrames(audio, VAD_FRAME_SAMPLES);
        frames.set(sound.subarray(0, Math.max(0, frames.length - first)), first);
      }
      if (this.options.normalizeLevel) applyGain(audio, levelGain(audio));
      const windowSeconds = audio.length / SAMPLE_RATE;
      const key = `${start}:${end}`;
      let generated = until ? undefined : windows?.get(key);
      if (!generated) {
        // With a vocabulary, decoded again without it when its prompt led the decoder astray.
        generated =
          context.length && this.options.promptFallback
            ? await decodeWithFallback(
                (withPrompt) => this.generate(runtime, audio, withPrompt ? context : [], signal),
                (decoded) => tokenizer.decode(decoded.tokens.filter((id) => tokenizer.isText(id))),
              )
            : await this.generate(runtime, audio, context, signal);
        if (until) windows?.set(key, generated);
      }
      const { tokens, logProbs, tokenFrames } = generated;
      const parsed = this.options.timestamps
        ? parseWindowTokens(tokens, windowSeconds, tokenizer)
        : { segments: [{ start: 0, end: windowSeconds, tokens: tokens.filter((id) => tokenizer.isText(id)) }], advance: windowSeconds };
      // The parsed segments hold the window's text tokens in order (parseWindowTokens never skips one
      // before the last segment), so their log-probabilities are consecutive runs of these.
      const textLogProbs = logProbs.filter((_, i) => tokenizer.isText(tokens[i]));
      let textIndex = 0;
      const offset = start / SAMPLE_RATE;
      const words = tokenFrames
        ? timeGroupWords(
            parsed.segments.map((s) => s.tokens),
            tokenFrames,
            (ids) => tokenizer.decode(ids),
          )
        : null;
      for (const [k, s] of parsed.segments.entries()) {
        const segmentLogProbs = textLogProbs.slice(textIndex, textIndex + s.tokens.length);
        textIndex += s.tokens.length;
        const text = tokenizer.decode(s.tokens).trim();
        if (!text) continue;
        const previousEnd = segments.length ? segments[segments.length - 1].end : round2(from / SAMPLE_RATE);
        const segStart = Math.max(previousEnd, round2(offset + s.start));
        const segEnd = Math.min(round2(to / SAMPLE_RATE), Math.max(segStart, round2(offset + s.end)));
        const segment: TranscriptSegment = { start: segStart, end: segEnd, text, speaker: UNKNOWN_SPEAKER };
        if (words) segment.words = segmentWords(words[k], offset, segStart, segEnd);
        const confidence = confidenceFromLogProbs(segmentLogProbs);
        if (confidence !== undefined) segment.confidence = confidence;
        segments.push(segment);
      }
      position = Math.max(start + Math.round(parsed.advance * SAMPLE_RATE), position + 1);
      onAdvance(Math.min(to, position));
    }
    onAdvance(to);
  }

  /**
   * One window through the graph; returns the generated ids after the prompt, up to end-of-text, and
   * each id's log-probability (the graph's `token_scores`: running sums, see model.ts). `context` (the
   * vocabulary's previous-context ids) goes before the start of transcript and is never part of the result.
   */
  private async generate(runtime: Runtime, audio: Float32Array, context: number[], signal: AbortSignal): Promise<Generated> {
    const { special } = runtime.tokenizer;
    const transcriptPrompt = this.options.timestamps ? [special.startOfTranscript] : [special.startOfTranscript, special.noTimestamps];
    const prompt = [...context, ...transcriptPrompt];
    const { sequence, tokenScores, tokenFrames } = await runtime.window(
      { audio, prompt, context: context.length, beams: this.options.beams, timestamps: this.options.timestamps, words: this.options.words },
      signal,
    );
    const ids: number[] = [];
    for (let i = prompt.length; i < sequence.length; i++) {
      if (sequence[i] === special.endOfText) break;
      ids.push(sequence[i]);
    }
    return { tokens: ids, logProbs: stepLogProbs(tokenScores, ids.length), tokenFrames };
  }

  /** Frees the sessions (idle, tests, shutdown); the next transcription loads them again. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const runtime = this.runtime;
    this.runtime = null;
    this.current = null;
    if (!runtime) return;
    const r = await runtime.catch(() => null);
    if (!r) return;
    await r.release();
  }
}

/**
 * A segment's words in the recording's time, inside the segment's span (the aligner's frames can reach past
 * it). A word keeps the space before it as the text has it, the first one none, so the words joined are
 * the segment's (trimmed) text.
 */
function segmentWords(words: TimedWord[], offset: number, start: number, end: number): SegmentWord[] {
  const inside = (t: number) => Math.min(end, Math.max(start, round2(offset + t)));
  const out: SegmentWord[] = [];
  for (const w of words) {
    const text = out.length === 0 ? w.text.trimStart() : w.text;
    if (text.trim()) out.push({ text, start: inside(w.start), end: inside(w.end) });
  }
  if (out.length) out[out.length - 1].text = out[out.length - 1].text.trimEnd();
  return out;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export function createWhisperEngine(options: WhisperEngineOptions): WhisperEngine {
  return new WhisperEngine(options);
}
