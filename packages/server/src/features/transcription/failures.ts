/**
 * What a failed attempt means for its job: try again, or end the transcript in error now. Decided by
 * the engine interface's error kinds (and the job's own failures), never by one engine's error types.
 */
import { EngineError, type EngineErrorKind } from './engines/types.ts';
import { coded, type CodedText } from './messages.ts';

export type AbortKind = 'deleted' | 'shutdown' | 'timeout';

/** Why a job's signal was aborted; engines reject with it. */
export class JobAborted extends Error {
  constructor(readonly kind: AbortKind) {
    super(`transcription job aborted: ${kind}`);
    this.name = 'JobAborted';
  }
}

/** A failure of the job itself that another attempt cannot fix (the audio is gone, too few credits). */
export class JobFailure extends Error {
  constructor(readonly reason: CodedText) {
    super(reason.text);
    this.name = 'JobFailure';
  }
}

/** Whether another attempt may succeed where this one failed with `kind`. */
export function retryableKind(kind: EngineErrorKind): boolean {
  switch (kind) {
    case 'unavailable':
    case 'timeout':
      return true;
    case 'undecodable':
    case 'refused':
    case 'bad-response':
      return false;
  }
}

/** Anything unknown (a crash inside an engine, a database hiccup) is worth another attempt. */
export function failureDecision(err: unknown): { retryable: boolean; reason: CodedText } {
  if (err instanceof EngineError) return { retryable: retryableKind(err.kind), reason: err.reason };
  if (err instanceof JobFailure) return { retryable: false, reason: err.reason };
  return { retryable: true, reason: { text: err instanceof Error ? err.message : String(err) } };
}

/**
 * What the worker does after a failed attempt: 'deleted' ends the job quietly (and refunds), 'hand-back'
 * queues a fresh job (shutdown), 'retry' lets pg-boss try again, 'fail' ends the transcript in error
 * (`retryable` false: the job itself is done too).
 */
export type AttemptOutcome =
  | { action: 'deleted' }
  | { action: 'hand-back' }
  | { action: 'retry'; reason: CodedText }
  | { action: 'fail'; reason: CodedText; retryable: boolean };

export function attemptOutcome(err: unknown, attempt: { retryCount: number; retryLimit: number; budgetMs: number }): AttemptOutcome {
  if (err instanceof JobAborted && err.kind === 'deleted') return { action: 'deleted' };
  if (err instanceof JobAborted && err.kind === 'shutdown') return { action: 'hand-back' };
  const { retryable, reason } =
    err instanceof JobAborted
      ? { retryable: true, reason: coded('TRANSCRIPTION_TIMED_OUT', { minutes: Math.round(attempt.budgetMs / 60_000) }) }
      : failureDecision(err);
  const final = !retryable || attempt.retryCount >= attempt.retryLimit;
  return final ? { action: 'fail', reason, retryable } : { action: 'retry', reason };
}
