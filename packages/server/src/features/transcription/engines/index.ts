import { join } from 'node:path';
import type { Config } from '../../../config.ts';
import { createOpenAiEngine } from './openai/index.ts';
import type { TranscriptionEngine } from './types.ts';
import { createWhisperEngine } from './whisper/index.ts';

export { EngineError, UNKNOWN_SPEAKER, type EngineErrorKind, type TranscriptionEngine } from './types.ts';

/** The engine chosen by TRANSCRIPTION_ENGINE; one per worker process. */
export function createConfiguredEngine(config: Pick<Config, 'transcription' | 'dataDir'>): TranscriptionEngine {
  const t = config.transcription;
  if (t.engine === 'openai') {
    return createOpenAiEngine({
      apiUrl: t.apiUrl,
      apiKey: t.apiKey,
      model: t.model,
      language: t.language,
      timeoutMs: t.timeoutSeconds * 1000,
    });
  }
  return createWhisperEngine({ cacheDir: join(config.dataDir, 'models') });
}
