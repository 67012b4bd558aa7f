import { joinConfidence } from './confidence.ts';
import { unionFlags } from './review.ts';
import type { TranscriptSegment } from './types.ts';

const SENTENCE_END = /[.!?…]["'»”’)\]]*$/;
/** Whisper's notes on non-speech ('[Music]', '(upbeat music)', '♪'): never part of a sentence. */
const ANNOTATION = /^(\[[^\]]*\]|\([^)]*\)|[♪♫\s]+)$/u;

export interface SentenceMergeOptions {
  /** A merged segment never grows past this length (seconds): long run-on speech stays in pieces. */
  maxSeconds?: number;
  /** Segments further apart than this are never joined (seconds). */
  maxGapSeconds?: number;
}

/**
 * Joins a segment that stops mid-sentence with the one that continues it, so segments end where
 * sentences end, as far as the engine's timestamps allow: only neighbours of one speaker, close in
 * time, and never into one longer than `maxSeconds`. Whisper cuts segments at its 30 s windows and at
 * its own timestamps, often inside a sentence ('…and Sarah prepares the' / 'launch plan.').
 */
export function mergeIntoSentences(segments: readonly TranscriptSegment[], options: SentenceMergeOptions = {}): TranscriptSegment[] {
  return mergeIntoSentenceGroups(segments, options).merged;
}

/**
 * mergeIntoSentences, also telling where each sentence starts in `segments` (`firstOf[i]`: the index of
 * merged[i]'s first piece). The merge is greedy from the left: once a sentence has a successor it never
 * changes again, so only the last one can still grow (TranscriptAssembler relies on this).
 */
export function mergeIntoSentenceGroups(
  segments: readonly TranscriptSegment[],
  { maxSeconds = 15, maxGapSeconds = 1 }: SentenceMergeOptions = {},
): { merged: TranscriptSegment[]; firstOf: number[] } {
  const merged: TranscriptSegment[] = [];
  const firstOf: number[] = [];
  for (const [index, segment] of segments.entries()) {
    const previous = merged.at(-1);
    if (
      previous &&
      !SENTENCE_END.test(previous.text.trim()) &&
      !ANNOTATION.test(previous.text.trim()) &&
      !ANNOTATION.test(segment.text.trim()) &&
      previous.speaker === segment.speaker &&
      segment.start - previous.end <= maxGapSeconds &&
      segment.end - previous.start <= maxSeconds
    ) {
      const joined: TranscriptSegment = { ...previous, end: segment.end, text: `${previous.text.trim()} ${segment.text.trim()}` };
      // The review data of both halves carries over: confidence as if averaged over all their tokens,
      // and every flag (a flagged half makes the whole sentence worth a second listen).
      const confidence = joinConfidence(
        { confidence: previous.confidence, weight: previous.text.length },
        { confidence: segment.confidence, weight: segment.text.length },
      );
      if (confidence !== undefined) joined.confidence = confidence;
      const flags = unionFlags(previous.flags, segment.flags);
      if (flags) joined.flags = flags;
      // The words joined stay the text: the second half's first word gets the space the text puts before it.
      if (previous.words || segment.words) {
        const [first, ...rest] = segment.words ?? [];
        joined.words = [...(previous.words ?? []), ...(first ? [{ ...first, text: ` ${first.text.trimStart()}` }, ...rest] : [])];
      }
      merged[merged.length - 1] = joined;
    } else {
      merged.push({ ...segment });
      firstOf.push(index);
    }
  }
  return { merged, firstOf };
}
