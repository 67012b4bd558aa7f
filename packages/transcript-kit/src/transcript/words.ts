/**
 * A segment's timed words against its shown text: where each word sits in the text (for painting the
 * word being spoken, and for telling which word a click landed on) and which word is spoken at a time.
 * Pure; the editor paints with the CSS Highlight API, so the rows never re-render for it.
 */
import type { TranscriptSegment } from './segments.ts';

export type SegmentWord = NonNullable<TranscriptSegment['words']>[number];

/** A word's place in the shown text: characters [from, to). */
export interface WordRange {
  from: number;
  to: number;
}

/**
 * Where each word sits in `text` as shown (trimmed), in order; null when the words are not that text
 * (an edit the server has not timed again yet) or there are none.
 */
export function wordRanges(text: string, words: readonly SegmentWord[] | undefined): WordRange[] | null {
  if (!words?.length) return null;
  const shown = text.trim();
  const ranges: WordRange[] = [];
  let at = 0;
  for (const word of words) {
    const bare = word.text.trim();
    if (!bare) return null;
    // Only whitespace may lie between one word and the next.
    while (at < shown.length && /\s/.test(shown[at]!)) at++;
    if (!shown.startsWith(bare, at)) return null;
    ranges.push({ from: at, to: at + bare.length });
    at += bare.length;
  }
  return shown.slice(at).trim() ? null : ranges;
}

/**
 * The word spoken at `time`: the last one that started by then, until the next starts (a pause keeps
 * the word before it); -1 before the first word or after the last one ended.
 */
export function wordAt(words: readonly SegmentWord[], time: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.start <= time) lo = mid + 1;
    else hi = mid;
  }
  const index = lo - 1;
  if (index < 0) return -1;
  if (index === words.length - 1 && time > words[index]!.end) return -1;
  return index;
}

/** The word at character `offset` of the shown text: the one it falls in, or the one before a space. */
export function wordAtOffset(ranges: readonly WordRange[], offset: number): number {
  if (ranges.length === 0) return -1;
  let found = 0;
  for (let i = 0; i < ranges.length && ranges[i]!.from <= offset; i++) found = i;
  return found;
}

/** Where a segment's speech starts: its first timed word (after a breath or a pause the segment begins with), else the segment's start. */
export function speechStart(segment: Pick<TranscriptSegment, 'start' | 'words'>): number {
  return segment.words?.[0]?.start ?? segment.start;
}
