/**
 * What a failed attempt means for its job: try again, or end the transcript in error now. Decided by
 * the engine interface's error kinds (and the job's own failures), never by one engine's error types.
 */
import { EngineError, type EngineErrorKind } from './engines/types.ts';

/** A failure of the job itself that another attempt cannot fix (the audio is gone, too few credits). */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
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
export function failureDecision(err: unknown): { retryable: boolean; reason: string } {
  if (err instanceof EngineError) return { retryable: retryableKind(err.kind), reason: err.message };
  if (err instanceof JobFailure) return { retryable: false, reason: err.message };
  return { retryable: true, reason: err instanceof Error ? err.message : String(err) };
}
