/**
 * One recording's live draft: its decoder, the unfinished tail of its audio (from the last final point;
 * older audio is dropped, so a two-hour recording holds at most ~30 s of samples), the voice-activity
 * state and the draft text. Pieces are decoded in order as they arrive; a pass over the tail runs when
 * `stepSeconds` of new audio have come in and the previous pass is done, so a busy engine makes passes
 * rarer instead of piling them up.
 */
import type { Pcm } from '../transcription/engines/whisper/audio.ts';
import { SAMPLE_RATE } from '../transcription/engines/whisper/audio.ts';
import type { SileroVad } from '../transcription/engines/whisper/vad.ts';
import { LiveDecoder, type LiveFormat } from './decoder.ts';
import { DraftText, PAUSE_SECONDS, type DraftSegment } from './drafting.ts';
import type { DraftEngine } from './engine.ts';
import type { LiveUnavailableReason } from '../recordings/observer.ts';

const VAD_FRAME = 512; // Silero's frame (32 ms at 16 kHz)
const VAD_CONTEXT_FRAMES = 16; // ~0.5 s of audio before new frames, for the detector's recurrent state
const SPEECH_THRESHOLD = 0.5;

/**
 * Final segments repeated in each draft event: a client that missed a few events (a reconnect) still
 * gets the finals it lacks, and an event of a two-hour recording stays a few KB.
 */
export const DRAFT_RECENT_FINAL = 20;
export interface DraftPublisher {
  draft(segments: DraftSegment[], revision: number): Promise<void>;
  unavailable(reason: LiveUnavailableReason): Promise<void>;
}

export interface SessionOptions {
  id: string;
  userId: number;
  format: LiveFormat;
  language: string | null;
  engine: DraftEngine;
  vad: Promise<SileroVad | null>;
  publish: DraftPublisher;
  /** Called once when the session stops itself (undecodable audio, pieces out of step). */
  onFailed(reason: LiveUnavailableReason, error?: unknown): void;
  maxTailSeconds?: number;
}

export class LiveDraftSession {
  readonly id: string;
  readonly userId: number;
  lastActivity = Date.now();
  private readonly decoder: LiveDecoder;
  private readonly draft: DraftText;
  private tail = new Float32Array(SAMPLE_RATE * 8);
  private tailLength = 0;
  /** Absolute sample index of tail[0]. */
  private tailStart = 0;
  private total = 0;
  private nextSeq = 0;
  private vadFrames = 0; // frames checked so far
  private lastSpeechEnd = -1; // absolute sample index, -1: none yet
  private lastPassEnd = 0;
  private revision = 0;
  private passing: Promise<void> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly abort = new AbortController();
  private closed = false;

  constructor(private readonly options: SessionOptions) {
    this.id = options.id;
    this.userId = options.userId;
    this.decoder = new LiveDecoder(options.format);
    this.draft = new DraftText(options.maxTailSeconds ?? 15);
  }

  /** Queues a piece; pieces are decoded one after another in the order given. */
  piece(seq: number, bytes: Uint8Array): void {
    if (this.closed) return;
    this.lastActivity = Date.now();
    this.chain = this.chain
      .then(() => this.ingest(seq, bytes))
      .catch((error: unknown) => {
        if (!this.closed) this.options.onFailed('unsupported', error);
      });
  }

  /** Resolves when every queued piece is decoded and no pass is running (tests, bench). */
  async idle(): Promise<void> {
    for (;;) {
      const chain = this.chain;
      await chain;
      const pass = this.passing;
      if (pass) await pass;
      if (this.chain === chain && !this.passing) return;
    }
  }

  /** Frees the decoder and the samples at once; a running pass is aborted and its result dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort(new Error('The recording ended.'));
    this.decoder.close();
    this.tail = new Float32Array(0);
    this.tailLength = 0;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Bytes of samples held (tests: memory stays bounded). */
  get heldBytes(): number {
    return this.tail.byteLength;
  }

  private async ingest(seq: number, bytes: Uint8Array): Promise<void> {
    if (this.closed) return;
    // A piece missed (e.g. the server restarted mid-recording): the decoder cannot resume mid-stream.
    if (seq !== this.nextSeq) throw new Error(`Piece ${seq} arrived, ${this.nextSeq} was expected.`);
    this.nextSeq++;
    const samples = await this.decoder.push(bytes);
    if (this.closed || samples.length === 0) return;
    this.append(samples);
    await this.detectSpeech();
    this.schedule();
  }

  private append(samples: Float32Array): void {
    if (this.tailLength + samples.length > this.tail.length) {
      const next = new Float32Array(Math.max(this.tail.length * 2, this.tailLength + samples.length));
      next.set(this.tail.subarray(0, this.tailLength));
      this.tail = next;
    }
    this.tail.set(samples, this.tailLength);
    this.tailLength += samples.length;
    this.total += samples.length;
  }

  /** Runs the detector over the frames completed since the last call (with a little context before them). */
  private async detectSpeech(): Promise<void> {
    const vad = await this.options.vad;
    if (!vad || this.closed) return;
    const lastFrame = Math.floor(this.total / VAD_FRAME);
    if (lastFrame <= this.vadFrames) return;
    const firstWhole = Math.ceil(this.tailStart / VAD_FRAME);
    const from = Math.max(firstWhole, this.vadFrames - VAD_CONTEXT_FRAMES);
    const audio = this.read(from * VAD_FRAME, lastFrame * VAD_FRAME);
    const probabilities = await vad.frameProbabilities(pcmOf(audio));
    for (let f = Math.max(from, this.vadFrames); f < lastFrame; f++) {
      if (probabilities[f - from] >= SPEECH_THRESHOLD) this.lastSpeechEnd = (f + 1) * VAD_FRAME;
    }
    this.vadFrames = lastFrame;
  }

  private schedule(): void {
    if (this.closed || this.passing) return;
    if (this.total - this.lastPassEnd < this.options.engine.stepSeconds * SAMPLE_RATE) return;
    this.passing = this.pass()
      .catch((error: unknown) => {
        // An engine failure (a remote server down) skips this pass; the next piece tries again.
        if (!this.closed) this.failures.push(error);
      })
      .finally(() => {
        this.passing = null;
        this.schedule();
      });
  }

  /** Errors of passes that failed (the observer logs them). */
  readonly failures: unknown[] = [];

  private async pass(): Promise<void> {
    const end = this.total;
    this.lastPassEnd = end;
    const audioEnd = end / SAMPLE_RATE;
    const from = Math.max(this.tailStart, Math.round(this.draft.finalPoint * SAMPLE_RATE));
    const vadOn = (await this.options.vad) !== null;
    if (vadOn && this.lastSpeechEnd <= from) {
      // No speech since the final point: nothing to transcribe (Whisper would only invent text here).
      if (this.draft.skipSilence(Math.max(this.draft.finalPoint, audioEnd - 0.3))) await this.publish();
      this.trim();
      return;
    }
    const pauseFrom = vadOn && end - this.lastSpeechEnd >= PAUSE_SECONDS * SAMPLE_RATE ? this.lastSpeechEnd / SAMPLE_RATE : null;
    const samples = this.read(from, end);
    const offset = from / SAMPLE_RATE;
    const heard = await this.options.engine.transcribe(samples, {
      language: this.options.language ?? undefined,
      signal: this.abort.signal,
    });
    if (this.closed) return;
    const segments = heard.map((s) => ({ start: offset + s.start, end: Math.min(audioEnd, offset + s.end), text: s.text }));
    if (this.draft.applyPass(segments, { audioEnd, pauseFrom })) await this.publish();
    this.trim();
  }

  private async publish(): Promise<void> {
    if (this.closed) return;
    this.revision++;
    await this.options.publish.draft(this.draft.segments(DRAFT_RECENT_FINAL), this.revision);
  }

  /** Drops samples before the final point (keeping the detector's context). */
  private trim(): void {
    const keepFrom = Math.max(this.tailStart, Math.floor(this.draft.finalPoint * SAMPLE_RATE) - VAD_CONTEXT_FRAMES * VAD_FRAME - VAD_FRAME);
    const drop = Math.min(this.tailLength, keepFrom - this.tailStart);
    if (drop <= 0) return;
    this.tail.copyWithin(0, drop, this.tailLength);
    this.tailLength -= drop;
    this.tailStart += drop;
    // Give memory back after a long tail (e.g. 30 s without a final point) has been confirmed.
    if (this.tail.length > SAMPLE_RATE * 16 && this.tailLength < this.tail.length / 4) {
      this.tail = this.tail.slice(0, Math.max(SAMPLE_RATE * 8, this.tailLength * 2));
    }
  }

  private read(start: number, end: number): Float32Array {
    const from = Math.max(0, start - this.tailStart);
    const to = Math.min(this.tailLength, end - this.tailStart);
    return this.tail.slice(from, Math.max(from, to));
  }
}

function pcmOf(samples: Float32Array): Pcm {
  return {
    sampleRate: SAMPLE_RATE,
    length: samples.length,
    read: async (start, end) => samples.slice(Math.max(0, start), Math.min(samples.length, end)),
    dispose: async () => {},
  };
}
