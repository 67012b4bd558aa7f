// A transcription engine for tests of what happens around a transcription (webhooks, metrics): it
// measures the uploaded audio like the real engines, answers one line of text over its whole length,
// or refuses like a transcription server answering 400 while `refuse` is set.
import { EngineError, type TranscriptionEngine, type TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { measuredSeconds } from './audio.ts';

export interface OneLineEngine extends TranscriptionEngine {
  /** While true, every transcription fails as refused (an engine error that is not retried). */
  refuse: boolean;
}

export function oneLineEngine(name: string, text: string): OneLineEngine {
  const engine: OneLineEngine = {
    name,
    languages: ['en'],
    refuse: false,
    async transcribe(input: TranscriptionInput) {
      const seconds = await measuredSeconds(input);
      await input.onDuration?.(seconds);
      if (engine.refuse) throw new EngineError('refused', 'The transcription server refused the request (HTTP 400).');
      return {
        durationSeconds: seconds,
        language: 'en',
        segments: [{ start: 0, end: seconds, text, speaker: 'Unknown Speaker' }],
      };
    },
  };
  return engine;
}
