/**
 * The worker threads' entry (work/pool.ts runs them; build.mjs compiles this file as an entry of its
 * own). Each task takes plain data (strings, byte arrays, small objects) and gives plain data back:
 * rendered files travel as byte arrays moved to the calling thread, not copied. A refusal made here
 * (an HttpError) goes back as a TaskFailure and is thrown again by the pool as the same HttpError.
 */
import type { ApiErrorBody, ApiErrorCode, ApiErrorParams, SubtitleOptions } from '@scribe/api-client';
import { move } from 'piscina';
import type { StoredSegment } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { renderDocument, renderSrt, renderVtt, transcriptDocument, type ExportDocument, type Reader } from '../features/exports/render.ts';
import { contentOf } from '../features/transcripts/edit.ts';
import { prepareEdit } from '../features/transcripts/prepare-edit.ts';
import { accountTranscriptEntries, type AccountTranscriptInput } from '../features/account/zip-entries.ts';
import { localAnswer } from '../features/ai/engines/local.ts';

export interface TaskFailure {
  failure: { status: number; code: ApiErrorCode; params?: ApiErrorParams; field?: string; body?: ApiErrorBody };
}

export interface TranscriptExportInput {
  format: 'pdf' | 'docx' | 'txt' | 'srt' | 'vtt';
  title: string;
  createdAt: Date;
  /** The stored segments, JSON (parsed here, not in the thread that read them). */
  segments: string;
  content: string;
  reader: Reader;
  options?: Partial<SubtitleOptions>;
}

export interface FindSpeakersInput {
  /** The transcript's audio, copied to local disk. */
  filePath: string;
  /** Where long decoded audio may be kept while it is read. */
  tmpDir: string;
  /** The segments to label (JSON). */
  segments: string;
  /** The number of speakers the user gives; unset: estimated. */
  count?: number;
}

const bytes = (buffer: Buffer): Uint8Array => {
  // Memory of its own (a small Buffer is a slice of Node's shared pool, which cannot be moved).
  let own = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (buffer.byteOffset !== 0 || buffer.byteLength !== buffer.buffer.byteLength) {
    own = new Uint8Array(buffer.byteLength);
    own.set(buffer);
  }
  return move(own) as unknown as Uint8Array;
};

/** Every task, by name (`pool.run(kind, name, input)`). */
export const tasks = {
  /** A transcript as pdf, docx, txt, srt or vtt. */
  async transcriptExport(input: TranscriptExportInput): Promise<Uint8Array> {
    const segments = JSON.parse(input.segments) as StoredSegment[];
    if (input.format === 'srt' || input.format === 'vtt') {
      const subtitles = { segments, language: input.reader.language, options: input.options };
      return bytes(input.format === 'srt' ? renderSrt(subtitles) : renderVtt(subtitles));
    }
    return bytes(
      await renderDocument(input.format, transcriptDocument(input.title, input.createdAt, segments, input.content, input.reader)),
    );
  },

  /** Any document (AI outputs) as pdf, docx or txt. */
  async documentExport(input: { format: 'pdf' | 'docx' | 'txt'; doc: ExportDocument }): Promise<Uint8Array> {
    return bytes(await renderDocument(input.format, input.doc));
  },

  prepareEdit,

  /** The built-in AI engine's answer (or free note) for a prompt over a transcript. */
  localAnswer,

  /** The plain text of stored segments (a restore writes it with them). */
  segmentsContent(input: { segments: string }): { content: string } {
    return { content: contentOf(JSON.parse(input.segments) as StoredSegment[]) };
  },

  /**
   * A transcript's speakers found in its audio (transcription/speakers/detect.ts): its segments labelled
   * (JSON) and how many speakers there are. The decoder and the detection load on first use (exports and
   * edits never need them).
   */
  async findSpeakers(input: FindSpeakersInput): Promise<{ segments: Uint8Array; speakers: number }> {
    const { AudioDecodeError, decodeToPcm } = await import('../features/transcription/engines/whisper/audio.ts');
    const { detectSpeakers } = await import('../features/transcription/speakers/detect.ts');
    let pcm: Awaited<ReturnType<typeof decodeToPcm>>;
    try {
      pcm = await decodeToPcm(input.filePath, { tmpDir: input.tmpDir });
    } catch (err) {
      if (err instanceof AudioDecodeError)
        throw new HttpError(409, err.code === 'AUDIO_HEADER_IMPLAUSIBLE' ? err.code : 'AUDIO_UNDECODABLE');
      throw err;
    }
    try {
      const segments = JSON.parse(input.segments) as StoredSegment[];
      const found = await detectSpeakers(pcm, segments, input.count === undefined ? {} : { count: input.count });
      // Copied back inside the answer (Piscina moves a returned buffer only when it is the whole answer).
      return { segments: new TextEncoder().encode(JSON.stringify(found.segments)), speakers: found.speakers };
    } finally {
      await pcm.dispose();
    }
  },

  /** The text files of one transcript in the account's zip. */
  accountTranscriptEntries(input: AccountTranscriptInput): Array<{ path: string; body: Uint8Array }> {
    return accountTranscriptEntries(input).map((e) => ({
      path: e.path,
      body: new Uint8Array(e.body.buffer, e.body.byteOffset, e.body.byteLength),
    }));
  },
};
export type HeavyTasks = typeof tasks;

/** Piscina's handler: runs one task by name. */
export async function run({ name, input }: { name: keyof HeavyTasks; input: never }): Promise<unknown> {
  try {
    return await (tasks[name] as (input: never) => unknown)(input);
  } catch (err) {
    if (err instanceof HttpError) {
      return { failure: { status: err.statusCode, code: err.code, params: err.params, body: err.body } } satisfies TaskFailure;
    }
    throw err;
  }
}
