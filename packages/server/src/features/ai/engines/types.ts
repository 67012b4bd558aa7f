import type { StoredSegment } from '../../../db/schema.ts';

export interface AiTranscript {
  title: string;
  /** ISO 639-1 code when known. */
  language: string | null;
  content: string;
  segments: StoredSegment[];
  durationSeconds: number | null;
}

export interface AiRequest {
  prompt: string;
  transcript: AiTranscript;
  /** The provider's model id (the local engine ignores it). */
  model: string;
  /** The reader's interface language: the local engine writes its own headings and notes in it. */
  language?: 'en' | 'de';
  signal?: AbortSignal;
  /** Partial output as it is generated (streaming engines only). */
  onDelta?: (text: string) => void;
  /** A step of a long run (map-reduce on a language model): which part is being read now. */
  onProgress?: (progress: AiProgress) => void;
}

/**
 * Where a map-reduce run is: `step` of `steps` overall (steps may grow when notes need another round);
 * `part` of `parts` within the phase: the transcript's parts while reading, the groups of notes while
 * combining, 1 of 1 for the final answer.
 */
export interface AiProgress {
  phase: 'reading' | 'combining' | 'answering';
  step: number;
  steps: number;
  part: number;
  parts: number;
}

export interface AiResult {
  output: string;
  engine: 'local' | 'openai';
  model: string;
}

export interface AiEngine {
  readonly kind: 'local' | 'openai';
  run(request: AiRequest): Promise<AiResult>;
  /**
   * An answer that costs no credit, for a prompt the engine cannot really answer (the local engine
   * asked to translate): the service stores it without charging. Undefined: run and charge as usual.
   */
  freeAnswer?(request: AiRequest): AiResult | undefined | Promise<AiResult | undefined>;
}

/** A failure of the provider; `message` is the provider's own error text. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}

/** One request to the model took longer than the configured time-out. */
export class AiTimedOutError extends Error {
  constructor(readonly seconds: number) {
    super(`The language model did not answer within ${seconds} seconds`);
    this.name = 'AiTimedOutError';
  }
}

/** The model answered with nothing (no content, or whitespace only). */
export class AiEmptyAnswerError extends Error {
  constructor() {
    super('The language model returned an empty answer');
    this.name = 'AiEmptyAnswerError';
  }
}

/** The text did not fit the model's context, or the answer was cut at its token limit. */
export class AiContextOverflowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiContextOverflowError';
  }
}

/** The request was cancelled (the client went away). */
export class AiCancelledError extends Error {
  constructor() {
    super('The request was cancelled');
    this.name = 'AiCancelledError';
  }
}

/** [mm:ss] under an hour, [h:mm:ss] from an hour on: the forms the output view makes clickable. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
