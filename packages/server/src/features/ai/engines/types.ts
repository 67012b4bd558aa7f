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
  freeAnswer?(request: AiRequest): AiResult | undefined;
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
