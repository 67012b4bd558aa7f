import { flagSegments, reviewFlagsFor } from './review.ts';
import { mergeIntoSentenceGroups } from './sentences.ts';
import type { TranscriptSegment } from './types.ts';

/**
 * Builds a transcript from an engine's decoded pieces, given in time order: each piece is kept from
 * overlapping the one before and gets its review flags, then pieces are merged into sentences and the
 * sentences flagged again. The same steps as one pass over all pieces at the end, done as the pieces
 * come: a sentence is settled (final, never changed again) as soon as a later sentence has started,
 * since the sentence merge is greedy from the left and a sentence's flags depend on it and the one
 * before only. So `settled` is always a prefix of what `finish()` returns, and what `finish()` returns
 * is what the one pass at the end would give.
 */
export class TranscriptAssembler {
  /** Sentences that no later piece can change, flagged. */
  readonly settled: TranscriptSegment[] = [];
  /** The pieces of the last sentence (clamped and flagged), which the next piece may still join. */
  private tail: TranscriptSegment[] = [];
  /** The last piece pushed (for clamping and for the repetition rule). */
  private lastPiece: TranscriptSegment | undefined;
  /** The last settled sentence before sentence flags (the previous one of the next sentence's rules). */
  private lastSentence: TranscriptSegment | undefined;

  /** `speechFraction` gives the share of speech in a span, when the engine measured it. */
  constructor(private readonly speechFraction?: (start: number, end: number) => number | undefined) {}

  /** Adds the next decoded piece; returns it as kept (clamped, with its flags). */
  push(piece: TranscriptSegment): TranscriptSegment {
    const previousEnd = this.lastPiece?.end ?? 0;
    const segment: TranscriptSegment = { ...piece, start: Math.max(previousEnd, piece.start), end: Math.max(previousEnd, piece.end) };
    // Flags per decoded piece, where the span is tight (silence is judged on it); merging keeps them.
    const flags = reviewFlagsFor(segment, { previous: this.lastPiece, speechFraction: this.speechFraction?.(segment.start, segment.end) });
    if (flags.length) segment.flags = flags;
    this.tail.push(segment);
    this.lastPiece = segment;
    return segment;
  }

  /** Settles every sentence but the last; returns how many sentences were settled by this call. */
  settle(): number {
    const { merged, firstOf } = mergeIntoSentenceGroups(this.tail);
    if (merged.length < 2) return 0;
    const done = merged.slice(0, -1);
    this.addSettled(done);
    this.tail = this.tail.slice(firstOf[firstOf.length - 1]);
    return done.length;
  }

  /** The whole transcript: every sentence, the last one included. */
  finish(): TranscriptSegment[] {
    this.addSettled(mergeIntoSentenceGroups(this.tail).merged);
    this.tail = [];
    return this.settled;
  }

  private addSettled(sentences: TranscriptSegment[]): void {
    if (!sentences.length) return;
    // Sentences can join a repeat or a too-fast run that the pieces did not show on their own.
    const before = this.lastSentence ? [this.lastSentence, ...sentences] : sentences;
    const flagged = flagSegments(before).slice(before.length - sentences.length);
    this.settled.push(...flagged);
    this.lastSentence = sentences[sentences.length - 1];
  }
}
