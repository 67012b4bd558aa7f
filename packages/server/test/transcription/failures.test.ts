// The worker's retry decision: by the engine interface's error kinds and the job's own failures only.
import { describe, expect, it } from 'vitest';
import { EngineError, type EngineErrorKind } from '../../src/features/transcription/engines/types.ts';
import { AudioDecodeError } from '../../src/features/transcription/engines/whisper/audio.ts';
import { failureDecision, JobFailure, retryableKind } from '../../src/features/transcription/failures.ts';

describe('retry decision of a failed transcription attempt', () => {
  it('retries a server that is unavailable or too slow, not a file or request another attempt cannot fix', () => {
    const kinds: Record<EngineErrorKind, boolean> = {
      unavailable: true,
      timeout: true,
      undecodable: false,
      refused: false,
      'bad-response': false,
    };
    for (const [kind, retry] of Object.entries(kinds) as Array<[EngineErrorKind, boolean]>) {
      expect(retryableKind(kind), kind).toBe(retry);
      expect(failureDecision(new EngineError(kind, `failed: ${kind}`))).toEqual({ retryable: retry, reason: `failed: ${kind}` });
    }
  });

  it("ends the job at once on its own failures (audio gone, too few credits) with the failure's text", () => {
    expect(failureDecision(new JobFailure('Not enough credits: ...'))).toEqual({ retryable: false, reason: 'Not enough credits: ...' });
  });

  it("retries anything else, including one engine's private error types the engine did not map", () => {
    expect(failureDecision(new Error('session crashed'))).toEqual({ retryable: true, reason: 'session crashed' });
    expect(failureDecision(new AudioDecodeError('The audio file is empty.'))).toEqual({ retryable: true, reason: 'The audio file is empty.' });
    expect(failureDecision('odd')).toEqual({ retryable: true, reason: 'odd' });
  });
});
