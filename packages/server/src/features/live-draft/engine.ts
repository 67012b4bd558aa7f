/**
 * The engine behind live drafts: the process's transcription engine, asked for one window at a time.
 * The built-in engine takes the samples directly and shares its inference queue with the jobs; any
 * other engine (the OpenAI-compatible one) gets each window as a small WAV file, less often (each
 * request costs a round trip and, on a paid service, money).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TranscriptionEngine } from '../transcription/engines/types.ts';
import { encodeWav, SAMPLE_RATE } from '../transcription/engines/whisper/audio.ts';
import { WhisperEngine } from '../transcription/engines/whisper/engine.ts';
import type { PassSegment } from './drafting.ts';

export interface DraftEngine {
  /** Seconds of new audio between two passes over a recording's tail. */
  readonly stepSeconds: number;
  readonly languages: string[] | 'any';
  /** Segments of 16 kHz mono `samples`, in seconds from their start. */
  transcribe(samples: Float32Array, options: { language?: string; signal?: AbortSignal }): Promise<PassSegment[]>;
}

export interface DraftEngineOptions {
  /** Folder for the WAV files sent to a remote engine. */
  tmpDir: string;
  /** Override of the pass interval (default: 1 s built-in, 10 s remote). */
  stepSeconds?: number;
}

export function draftEngineFor(engine: TranscriptionEngine, options: DraftEngineOptions): DraftEngine {
  if (engine instanceof WhisperEngine) {
    return {
      // A pass costs ~0.5 s of the two cores (one padded 30 s encoder run plus the tokens): every second
      // of new audio keeps the newest words under ~2 s old while one recording uses under half the machine.
      stepSeconds: options.stepSeconds ?? 1,
      languages: engine.languages,
      transcribe: async (samples, { signal }) =>
        (await engine.transcribeSamples(samples, { signal })).map((s) => ({ start: s.start, end: s.end, text: s.text })),
    };
  }
  return {
    stepSeconds: options.stepSeconds ?? 10,
    languages: engine.languages,
    async transcribe(samples, { language, signal }) {
      await mkdir(options.tmpDir, { recursive: true, mode: 0o700 });
      const filePath = join(options.tmpDir, `draft-${randomUUID()}.wav`);
      try {
        await writeFile(filePath, encodeWav(samples, SAMPLE_RATE), { mode: 0o600 });
        const result = await engine.transcribe({ filePath, mimeType: 'audio/wav', language, signal });
        return result.segments.map((s) => ({ start: s.start, end: s.end, text: s.text }));
      } finally {
        await rm(filePath, { force: true });
      }
    },
  };
}
