// The worker's retry decision: by the engine interface's error kinds and the job's own failures only.
import { describe, expect, it } from 'vitest';
import { EngineError, type EngineErrorKind } from '../../src/features/transcription/engines/types.ts';
import { AudioDecodeError } from '../../src/features/transcription/engines/whisper/audio.ts';
import { attemptOutcome, failureDecision, JobAborted, JobFailure, retryableKind } from '../../src/features/transcription/failures.ts';

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
      expect(failureDecision(new EngineError(kind, `failed: ${kind}`))).toEqual({ retryable: retry, reason: { text: `failed: ${kind}` } });
    }
  });

  it("ends the job at once on its own failures (audio gone, too few credits) with the failure's text", () => {
    expect(failureDecision(new JobFailure({ text: 'Not enough credits: ...' }))).toEqual({
      retryable: false,
      reason: { text: 'Not enough credits: ...' },
    });
  });

  it("retries anything else, including one engine's private error types the engine did not map", () => {
    expect(failureDecision(new Error('session crashed'))).toEqual({ retryable: true, reason: { text: 'session crashed' } });
    expect(failureDecision(new AudioDecodeError('The audio file is empty.'))).toEqual({
      retryable: true,
      reason: { text: 'The audio file is empty.' },
    });
    expect(failureDecision('odd')).toEqual({ retryable: true, reason: { text: 'odd' } });
  });
});

describe('what the worker does after a failed attempt', () => {
  const first = { retryCount: 0, retryLimit: 2, budgetMs: 5 * 60_000 };
  const last = { ...first, retryCount: 2 };

  it('ends quietly when the transcript was deleted, and hands the job back on shutdown', () => {
    expect(attemptOutcome(new JobAborted('deleted'), last)).toEqual({ action: 'deleted' });
    expect(attemptOutcome(new JobAborted('shutdown'), last)).toEqual({ action: 'hand-back' });
  });

  it('retries a retryable kind while attempts are left, then fails the transcript with the reason', () => {
    const err = new EngineError('unavailable', 'The transcription server failed (HTTP 503).');
    expect(attemptOutcome(err, first)).toEqual({ action: 'retry', reason: { text: 'The transcription server failed (HTTP 503).' } });
    expect(attemptOutcome(err, last)).toEqual({
      action: 'fail',
      reason: { text: 'The transcription server failed (HTTP 503).' },
      retryable: true,
    });
  });

  it('fails at once, on the first attempt, for a kind another attempt cannot fix', () => {
    expect(attemptOutcome(new EngineError('undecodable', 'The audio file is empty.'), first)).toEqual({
      action: 'fail',
      reason: { text: 'The audio file is empty.' },
      retryable: false,
    });
    expect(attemptOutcome(new JobFailure({ text: 'Audio gone' }), first)).toMatchObject({ action: 'fail', retryable: false });
  });

  it("treats running out of the attempt's time budget as retryable, saying how long it took", () => {
    expect(attemptOutcome(new JobAborted('timeout'), first)).toEqual({
      action: 'retry',
      reason: { text: 'It took longer than 5 minutes.', code: 'TRANSCRIPTION_TIMED_OUT', params: { minutes: 5 } },
    });
  });
});
