import type { TranscriptSegment } from './types.ts';

const SENTENCE_END = /[.!?…]["'»”’)\]]*$/;

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
export function mergeIntoSentences(
  segments: readonly TranscriptSegment[],
  { maxSeconds = 15, maxGapSeconds = 1 }: SentenceMergeOptions = {},
): TranscriptSegment[] {
  const merged: TranscriptSegment[] = [];
  for (const segment of segments) {
    const previous = merged.at(-1);
    if (
      previous &&
      !SENTENCE_END.test(previous.text.trim()) &&
      previous.speaker === segment.speaker &&
      segment.start - previous.end <= maxGapSeconds &&
      segment.end - previous.start <= maxSeconds
    ) {
      merged[merged.length - 1] = { ...previous, end: segment.end, text: `${previous.text.trim()} ${segment.text.trim()}` };
    } else {
      merged.push({ ...segment });
    }
  }
  return merged;
}
