import type { ApiErrorCode, ReviewFlag } from '@scribe/api-client';

/**
 * The transcription port. The built-in Whisper engine and an OpenAI-compatible HTTP engine implement
 * the same small interface, so jobs never know which one runs.
 */

/** Speaker name used when an engine does not tell speakers apart (docs/decisions.md); the contract's. */
export { UNKNOWN_SPEAKER } from '@scribe/api-client';

/** A word of a segment: its text as written in the segment, and its times in seconds from the start of the audio. */
export interface SegmentWord {
  text: string;
  start: number;
  end: number;
}

export interface TranscriptSegment {
  /** Seconds from the start of the audio. */
  start: number;
  /** Seconds from the start of the audio; end >= start. */
  end: number;
  text: string;
  speaker: string;
  /** How sure the engine is of the words, 0..1, when it can tell (review.ts). */
  confidence?: number;
  /** Why the segment deserves a second listen (review.ts); absent when there is no reason. */
  flags?: ReviewFlag[];
  /** The segment's words with their times, in order, when the engine times words. */
  words?: SegmentWord[];
}

export interface TranscriptionInput {
  /** Path of the uploaded audio file on local disk. */
  filePath: string;
  /** The upload's MIME type, if known; engines may use it as a hint only. */
  mimeType?: string;
  /** The spoken language chosen by the user (ISO 639-1); unset: the engine's default or detection. */
  language?: string;
  /**
   * Names and terms the user expects in the recording (their custom vocabulary): the built-in engine
   * puts them in the decoder's previous-context prompt, a remote one sends them as `prompt`.
   */
  vocabulary?: string[];
  /** Aborting rejects the promise with the signal's reason as soon as the engine can stop. */
  signal?: AbortSignal;
  /** Called with the fraction of the audio processed so far (0..1), non-decreasing. */
  onProgress?(fraction: number): void;
  /**
   * Called once with the audio's length (from the decoded samples) before the expensive work
   * starts; the job charges credits here. A rejection ends the transcription with that error.
   */
  onDuration?(seconds: number): Promise<void>;
  /**
   * Called with the transcript's finished beginning, in order, each time it grows while the rest is
   * still transcribed: every call's list starts with the previous call's, unchanged, and the final
   * result starts with the last call's. Engines that only learn the text at the end never call it.
   */
  onSegments?(prefix: readonly TranscriptSegment[]): void;
}

export interface TranscriptionResult {
  /** Length of the audio in seconds, measured from the decoded samples. */
  durationSeconds: number;
  /** Language code of the transcript, e.g. 'en'. */
  language: string;
  /** Segments in time order. */
  segments: TranscriptSegment[];
  /** Seconds of the audio its voice-activity detector took for speech, when the engine runs one. */
  speechSeconds?: number;
}

export interface TranscriptionEngine {
  /** Short identifier stored with each transcript, e.g. 'whisper-tiny.en'. */
  readonly name: string;
  /** Spoken languages the engine can transcribe, or 'any'. */
  readonly languages: string[] | 'any';
  transcribe(input: TranscriptionInput): Promise<TranscriptionResult>;
  /** Loads what the first job would otherwise load (model files, sessions). */
  ready?(): Promise<void>;
  /** Frees what the engine holds (shutdown). */
  close?(): Promise<void>;
}

/**
 * What went wrong, in the terms every engine shares; jobs decide retries and refunds by this alone.
 * - 'undecodable': the file is not audio the engine can read (another attempt reads the same bytes)
 * - 'refused': the server refuses this request for good (a 4xx other than 408 and 429)
 * - 'bad-response': the server answered with something that is not a transcription
 * - 'unavailable': the server failed, asked to come back later, or could not be reached
 * - 'timeout': no answer within the engine's own time limit
 */
export type EngineErrorKind = 'undecodable' | 'refused' | 'bad-response' | 'unavailable' | 'timeout';

/**
 * An engine's failure, with a message meant for the user. Engines map their own errors to these kinds;
 * a message that is a registry text (api-client errors.ts) names its `code`, so the app can translate it.
 */
export class EngineError extends Error {
  readonly kind: EngineErrorKind;
  readonly code?: ApiErrorCode;
  constructor(kind: EngineErrorKind, message: string, options?: { cause?: unknown; code?: ApiErrorCode }) {
    super(message, options);
    this.name = 'EngineError';
    this.kind = kind;
    this.code = options?.code;
  }

  /** The message as the reason of a failed transcription. */
  get reason(): { text: string; code?: ApiErrorCode } {
    return { text: this.message, ...(this.code ? { code: this.code } : {}) };
  }
}
