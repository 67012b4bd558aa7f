import { join } from 'node:path';
import type { Config } from '../../../config.ts';
import { serverPath } from '../../../paths.ts';
import { createOpenAiEngine } from './openai/index.ts';
import type { TranscriptionEngine } from './types.ts';
import { createWhisperEngine } from './whisper/index.ts';

export { EngineError, UNKNOWN_SPEAKER, type EngineErrorKind, type TranscriptionEngine } from './types.ts';

/**
 * The spoken languages the configured engine transcribes: the built-in Whisper tiny.en only English; a
 * remote one the configured language, or any (it detects the language).
 */
export function configuredLanguages(t: Pick<Config['transcription'], 'engine' | 'language'>): string[] | 'any' {
  if (t.engine === 'builtin') return ['en'];
  return t.language ? [t.language] : 'any';
}

/** The engine chosen by TRANSCRIPTION_ENGINE; one per worker process. */
export function createConfiguredEngine(config: Pick<Config, 'transcription' | 'dataDir'>): TranscriptionEngine {
  const t = config.transcription;
  if (t.engine === 'openai') {
    return createOpenAiEngine({
      apiUrl: t.apiUrl,
      apiKey: t.apiKey,
      model: t.model,
      responseFormat: t.responseFormat,
      language: t.language,
      timeoutMs: t.timeoutSeconds * 1000,
    });
  }
  return createWhisperEngine({
    cacheDir: join(config.dataDir, 'models'),
    prebuiltDir: serverPath('dist', 'models'),
    idleReleaseMs: t.engineIdleMinutes * 60_000,
    processes: t.engineProcesses,
  });
}
