import type { TranscriptSegment } from './segments.ts';

/** A run of segments [start, end) (indexes into the transcript's segments). */
export interface SegmentRange {
  start: number;
  end: number;
}

export interface ParagraphOptions {
  /** A pause at least this long after a sentence end starts a new paragraph (seconds). */
  pauseSeconds?: number;
  /** Past this many characters, any sentence end starts a new paragraph. */
  maxChars?: number;
  /** A pause this long starts a new paragraph even without a sentence end (seconds). */
  longPauseSeconds?: number;
}

const SENTENCE_END = /[.!?…]["'»”’)\]]*$/;

/**
 * Splits running text into paragraphs for reading: a new paragraph where a sentence ends and the
 * speaker pauses, where a long text reaches a sentence end, where the pause is long whatever the
 * punctuation, or where the speaker changes. Pure: the plain view and copying use the same ranges.
 */
export function paragraphRanges(
  segments: readonly TranscriptSegment[],
  { pauseSeconds = 1.2, maxChars = 600, longPauseSeconds = 3 }: ParagraphOptions = {},
): SegmentRange[] {
  const ranges: SegmentRange[] = [];
  let start = 0;
  let chars = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    chars += segment.text.trim().length + 1;
    const next = segments[i + 1];
    if (!next) break;
    const pause = next.start - segment.end;
    const sentenceEnds = SENTENCE_END.test(segment.text.trim());
    const speakerChanges = speakerOf(next) !== speakerOf(segment);
    if (speakerChanges || pause >= longPauseSeconds || (sentenceEnds && (pause >= pauseSeconds || chars >= maxChars))) {
      ranges.push({ start, end: i + 1 });
      start = i + 1;
      chars = 0;
    }
  }
  if (segments.length > 0) ranges.push({ start, end: segments.length });
  return ranges;
}

/** The segment's speaker, trimmed; '' when nobody is known (shown as 'Unknown Speaker'). */
export function speakerOf(segment: TranscriptSegment): string {
  return segment.speaker?.trim() ?? '';
}

/** Runs of consecutive segments with the same speaker (the detailed view names the speaker once a run). */
export function speakerRuns(segments: readonly TranscriptSegment[]): SegmentRange[] {
  const runs: SegmentRange[] = [];
  let start = 0;
  for (let i = 1; i <= segments.length; i++) {
    if (i === segments.length || speakerOf(segments[i]) !== speakerOf(segments[start])) {
      if (segments.length > 0) runs.push({ start, end: i });
      start = i;
    }
  }
  return runs;
}
