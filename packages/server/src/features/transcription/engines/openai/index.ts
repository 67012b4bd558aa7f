/**
 * Transcription through any OpenAI-compatible `/v1/audio/transcriptions` server (OpenAI, Speaches /
 * faster-whisper, whisper.cpp server). One multipart request per file with `verbose_json`, which carries
 * segment times, or `diarized_json` for OpenAI's diarising model, which adds speakers; plain fetch is
 * enough for this one endpoint.
 *
 * Speakers: diarising servers label them, not name them. OpenAI's diarized_json says 'A', 'B', …
 * (stored as 'Speaker A'); WhisperX-based servers put 'SPEAKER_00', 'SPEAKER_01', … on each segment
 * (stored as 'Speaker 1', 'Speaker 2', counting from one as people do). Any other label (a known
 * speaker's name) is kept as given. The user renames them in the editor.
 *
 * Words: verbose_json asks for word times too (`timestamp_granularities[]=word`). OpenAI answers them
 * for the whole file (`words`), faster-whisper servers per segment (`segments[].words`); either way
 * without the punctuation the segment's text has, so each segment's words are matched to its text by
 * letters and digits (transcripts/words.ts), and a word the server did not time shares the gap its
 * neighbours leave. A server that times no words leaves the segments without.
 */
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { editLimits, type SegmentWord } from '@scribe/api-client';
import { retimeWords } from '../../../transcripts/words.ts';
import { confidenceFromAvgLogprob } from '../confidence.ts';
import { flagSegments } from '../review.ts';
import { SAMPLE_RATE } from '../whisper/audio.ts';
import { decodeOffThread } from '../whisper/decode-thread.ts';
import {
  EngineError,
  UNKNOWN_SPEAKER,
  type TranscriptionEngine,
  type TranscriptionInput,
  type TranscriptionResult,
  type TranscriptSegment,
} from '../types.ts';

export interface OpenAiEngineOptions {
  /** Base URL, e.g. https://api.openai.com or http://speaches:8000 (a trailing /v1 is accepted too). */
  apiUrl: string;
  apiKey?: string;
  model: string;
  /** verbose_json (default) or diarized_json (OpenAI's diarising model; config TRANSCRIPTION_RESPONSE_FORMAT). */
  responseFormat?: 'verbose_json' | 'diarized_json';
  /** ISO 639-1 code sent as `language`; unset lets the server detect it. */
  language?: string;
  timeoutMs: number;
  /** For tests. */
  fetch?: typeof fetch;
}

/** The endpoint for a configured base URL. */
export function transcriptionsUrl(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${base}/v1/audio/transcriptions`;
}

// Whisper reports languages by name in verbose_json ("english"); the transcript stores codes.
const LANGUAGE_CODES: Record<string, string> = Object.fromEntries(
  (
    'en:english de:german fr:french es:spanish it:italian pt:portuguese nl:dutch pl:polish ru:russian uk:ukrainian ' +
    'cs:czech sk:slovak sv:swedish da:danish no:norwegian nn:nynorsk fi:finnish et:estonian lv:latvian lt:lithuanian ' +
    'hu:hungarian ro:romanian bg:bulgarian el:greek tr:turkish hr:croatian sr:serbian sl:slovenian bs:bosnian ' +
    'mk:macedonian sq:albanian is:icelandic ga:irish cy:welsh eu:basque ca:catalan gl:galician lb:luxembourgish ' +
    'ar:arabic he:hebrew fa:persian ur:urdu hi:hindi bn:bengali ta:tamil te:telugu mr:marathi gu:gujarati ' +
    'kn:kannada ml:malayalam pa:punjabi ne:nepali si:sinhala zh:chinese ja:japanese ko:korean vi:vietnamese ' +
    'th:thai id:indonesian ms:malay tl:tagalog sw:swahili af:afrikaans am:amharic az:azerbaijani be:belarusian ' +
    'hy:armenian ka:georgian kk:kazakh uz:uzbek mn:mongolian km:khmer lo:lao my:myanmar yo:yoruba so:somali ' +
    'ha:hausa ln:lingala haw:hawaiian mi:maori la:latin'
  )
    .split(' ')
    .map((pair) => {
      const [code, name] = pair.split(':');
      return [name, code];
    }),
);

function languageCode(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.trim()) return fallback;
  const v = value.trim().toLowerCase();
  return LANGUAGE_CODES[v] ?? v;
}

/** The server's own words for a refused or failed request: OpenAI's {error:{message}}, FastAPI's {detail}, or text. */
function serverMessage(body: string): string {
  let message = body.trim();
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const error = json.error;
    if (typeof error === 'string') message = error;
    else if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      message = (error as { message: string }).message;
    } else if (typeof json.detail === 'string') message = json.detail;
    else if (typeof json.message === 'string') message = json.message;
  } catch {
    // Not JSON: the text itself.
  }
  message = message.replace(/\s+/g, ' ');
  return message.length > 300 ? `${message.slice(0, 297)}...` : message;
}

interface VerboseSegment {
  start?: unknown;
  end?: unknown;
  text?: unknown;
  speaker?: unknown;
  /** Whisper's mean token log-probability (verbose_json of Whisper-based servers). */
  avg_logprob?: unknown;
  /** The segment's timed words (faster-whisper servers). */
  words?: unknown;
}

interface VerboseWord {
  word?: unknown;
  start?: unknown;
  end?: unknown;
}

/** A word without case or the punctuation a server leaves out of its words: "Dashwood," is "dashwood". */
const wordKey = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A server's timed words, in time order; anything without a word and finite times left out. */
function serverWords(raw: unknown): SegmentWord[] {
  if (!Array.isArray(raw)) return [];
  const words: SegmentWord[] = [];
  for (const w of raw as VerboseWord[]) {
    const text = typeof w?.word === 'string' ? w.word.trim() : '';
    const start = Number(w?.start);
    const end = Number(w?.end);
    if (!text || !Number.isFinite(start) || !Number.isFinite(end)) continue;
    words.push({ text, start, end: Math.max(start, end) });
  }
  return words.sort((a, b) => a.start - b.start);
}

/**
 * Gives each segment its words: its own when the server timed them per segment, else the file's words
 * whose middle falls in its time (before the next segment starts).
 */
function attachWords(segments: TranscriptSegment[], own: SegmentWord[][], fileWords: SegmentWord[]): void {
  let next = 0;
  segments.forEach((segment, i) => {
    let known = own[i]!;
    if (known.length === 0 && fileWords.length) {
      const until = segments[i + 1]?.start ?? Infinity;
      known = [];
      for (; next < fileWords.length; next++) {
        const w = fileWords[next]!;
        const middle = (w.start + w.end) / 2;
        if (middle >= until) break;
        if (middle >= segment.start - 0.5) known.push(w);
      }
    }
    const words = retimeWords(segment.text, segment.start, segment.end, known, wordKey);
    if (words) segment.words = words;
  });
}

/** A diarising server's speaker label as a name (see the top of this file); empty: Unknown Speaker. */
export function speakerName(label: unknown): string {
  if (typeof label !== 'string' || !label.trim()) return UNKNOWN_SPEAKER;
  const value = label.trim();
  if (/^[A-Z]$/.test(value)) return `Speaker ${value}`;
  const numbered = /^SPEAKER_(\d+)$/i.exec(value);
  if (numbered) return `Speaker ${Number(numbered[1]) + 1}`;
  return value.slice(0, editLimits.speakerMaxChars);
}

function toSegments(raw: unknown, duration: number | null, fileWords: SegmentWord[]): TranscriptSegment[] {
  if (!Array.isArray(raw)) return [];
  const segments: TranscriptSegment[] = [];
  const own: SegmentWord[][] = [];
  let previousEnd = 0;
  for (const s of raw as VerboseSegment[]) {
    const text = typeof s.text === 'string' ? s.text.trim() : '';
    if (!text) continue;
    let start = Number(s.start);
    let end = Number(s.end);
    if (!Number.isFinite(start)) start = previousEnd;
    if (!Number.isFinite(end)) end = start;
    // Keep times monotonic and inside the audio, whatever the server sent.
    start = Math.max(previousEnd, start);
    end = Math.max(start, duration === null ? end : Math.min(end, duration));
    const segment: TranscriptSegment = { start, end, text, speaker: speakerName(s.speaker) };
    const confidence = confidenceFromAvgLogprob(s.avg_logprob);
    if (confidence !== undefined) segment.confidence = confidence;
    segments.push(segment);
    own.push(serverWords(s.words));
    previousEnd = end;
  }
  attachWords(segments, own, fileWords);
  return segments;
}

async function decodedDuration(filePath: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const pcm = await decodeOffThread(filePath, { signal });
    const seconds = pcm.length / SAMPLE_RATE;
    await pcm.dispose();
    return seconds;
  } catch {
    return null;
  }
}

export class OpenAiTranscriptionEngine implements TranscriptionEngine {
  readonly languages = 'any' as const;
  readonly name: string;
  private readonly url: string;
  private readonly fetch: typeof fetch;
  private readonly format: 'verbose_json' | 'diarized_json';

  constructor(private readonly options: OpenAiEngineOptions) {
    this.url = transcriptionsUrl(options.apiUrl);
    this.name = `openai:${options.model}`;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.format = options.responseFormat ?? 'verbose_json';
  }

  async transcribe(input: TranscriptionInput): Promise<TranscriptionResult> {
    const { signal } = input;
    signal?.throwIfAborted();
    // The length is needed before the request (the job charges for it); a file this decoder cannot
    // read is still sent (the server may read it), and its length then comes from the answer.
    const measured = input.onDuration ? await decodedDuration(input.filePath, signal) : null;
    if (measured !== null) await input.onDuration?.(measured);
    input.onProgress?.(0);
    const form = new FormData();
    const file = await openAsBlob(input.filePath, input.mimeType ? { type: input.mimeType } : undefined);
    // Servers pick the decoder from the file name's extension.
    form.append('file', file, basename(input.filePath));
    form.append('model', this.options.model);
    form.append('response_format', this.format);
    if (this.format === 'diarized_json') {
      // OpenAI refuses a diarising request over 30 s of audio without a chunking strategy, and takes no
      // timestamp granularities for it (its segments always have times).
      form.append('chunking_strategy', 'auto');
    } else {
      form.append('timestamp_granularities[]', 'segment');
      form.append('timestamp_granularities[]', 'word');
    }
    const language = input.language ?? this.options.language;
    if (language) form.append('language', language);
    const vocabulary = (input.vocabulary ?? []).map((term) => term.trim()).filter(Boolean);
    // Whisper-style servers take words to expect as `prompt` (the decoder's previous text); OpenAI's
    // diarising model refuses a prompt.
    if (vocabulary.length && this.format !== 'diarized_json') form.append('prompt', vocabulary.join(', '));

    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;

    let body: string;
    let status: number;
    try {
      const response = await this.fetch(this.url, { method: 'POST', headers, body: form, signal: combined });
      status = response.status;
      body = await response.text();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new EngineError('timeout', `The transcription server did not answer within ${Math.round(this.options.timeoutMs / 1000)} s.`, {
          cause: err,
        });
      }
      const cause =
        err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
      throw new EngineError('unavailable', `Could not reach the transcription server: ${cause}`, { cause: err });
    }

    if (status >= 400) {
      const detail = serverMessage(body);
      // 408 and 429 say "try again later"; other 4xx refuse this request for good.
      const kind = status >= 500 || status === 408 || status === 429 ? 'unavailable' : 'refused';
      const what = status >= 500 ? 'failed' : 'refused the request';
      throw new EngineError(kind, `The transcription server ${what} (HTTP ${status})${detail ? `: ${detail}` : '.'}`);
    }

    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
      if (typeof json !== 'object' || json === null) throw new Error('not an object');
    } catch {
      throw new EngineError('bad-response', `The transcription server answered with something other than ${this.format}.`);
    }

    const reported = Number(json.duration);
    let duration: number | null = Number.isFinite(reported) && reported > 0 ? reported : null;
    duration ??= measured ?? (await decodedDuration(input.filePath, signal));
    let segments = toSegments(json.segments, duration, serverWords(json.words));
    const text = typeof json.text === 'string' ? json.text.trim() : '';
    if (segments.length === 0 && text) {
      // A server that ignores timestamp_granularities: one segment over the whole file.
      segments = [{ start: 0, end: duration ?? 0, text, speaker: UNKNOWN_SPEAKER }];
      attachWords(segments, [[]], serverWords(json.words));
    }
    duration ??= segments.length ? segments[segments.length - 1].end : 0;
    input.onProgress?.(1);
    return {
      durationSeconds: duration,
      language: languageCode(json.language, this.options.language ?? 'und'),
      // The same review rules as the built-in engine, except silence (no audio analysis here);
      // low confidence only where the server reported avg_logprob.
      segments: flagSegments(segments),
    };
  }
}

export function createOpenAiEngine(options: OpenAiEngineOptions): OpenAiTranscriptionEngine {
  return new OpenAiTranscriptionEngine(options);
}
