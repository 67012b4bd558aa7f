/** The built-in Whisper tiny.en engine. See engine.ts for the overview. */
export { createWhisperEngine, WhisperEngine } from './engine.ts';
export type { WhisperEngineOptions, WhisperModelOptions } from './engine-options.ts';
export { AudioDecodeError, decodeToPcm, encodeWav, SAMPLE_RATE, sniffFormat, type Pcm } from './audio.ts';
export { prepareWhisperModel, defaultSourceModelPath } from './model.ts';
