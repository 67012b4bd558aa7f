import { cleanSegmentText, EDIT_LIMITS } from './editing.ts';
import type { TranscriptSegment } from './segments.ts';

/*
 * Find inside one open transcript (Ctrl/Cmd+F in the editor): where a query occurs in the segments' text
 * as shown (trimmed), case-insensitively. Pure, unit-tested; the editor highlights and steps through the
 * matches it returns.
 */

/** One occurrence: the segment's index and the [from, to) character range in its trimmed text. */
export interface FindMatch {
  index: number;
  from: number;
  to: number;
}

/** More matches than anyone steps through; the count then reads 'n of 5000+'. */
export const MAX_FIND_MATCHES = 5000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text a segment shows (the editor and viewer trim it), which the ranges index into. */
export function shownText(segment: TranscriptSegment): string {
  return segment.text.trim();
}

/**
 * Every occurrence of `query` (surrounding spaces ignored, inner runs of spaces match any whitespace),
 * in reading order, at most MAX_FIND_MATCHES. An empty query finds nothing.
 */
export function findMatches(segments: readonly TranscriptSegment[], query: string): FindMatch[] {
  const needle = query.trim();
  if (!needle) return [];
  const pattern = new RegExp(needle.split(/\s+/).map(escapeRegExp).join('\\s+'), 'giu');
  const out: FindMatch[] = [];
  for (let index = 0; index < segments.length; index++) {
    const text = shownText(segments[index]);
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      out.push({ index, from: m.index, to: m.index + m[0].length });
      if (out.length >= MAX_FIND_MATCHES) return out;
    }
  }
  return out;
}

/** The match after (direction 1) or before (-1) `current`, wrapping around; -1 when there is none. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/**
 * The match to show first: the first one in or after segment `fromIndex` (e.g. the segment playing), so
 * the view does not jump back to the top; wraps to the first match. -1 when there is none.
 */
export function firstMatchFrom(matches: readonly FindMatch[], fromIndex: number): number {
  if (matches.length === 0) return -1;
  const at = matches.findIndex((m) => m.index >= fromIndex);
  return at < 0 ? 0 : at;
}

/** What 'Replace all' would do: the new segments, and how many matches in how many segments it replaced. */
export interface Replacement {
  segments: readonly TranscriptSegment[];
  /** Matches replaced. */
  count: number;
  /** Segments changed. */
  segmentCount: number;
  /** Why it cannot be done (a segment would pass the text limit), or null. */
  problem: 'too_long' | null;
}

/**
 * Every occurrence of `query` (matched as findMatches does: case-insensitive, inner spaces match any
 * whitespace) replaced by `replacement` taken literally, in one step over the whole transcript. Changed
 * segments count as edited (reviewed); the others keep their identity. Nothing found: the input array
 * itself. A result over `maxChars` in any segment: `problem` 'too_long' and the input array.
 */
export function replaceAll(
  segments: readonly TranscriptSegment[],
  query: string,
  replacement: string,
  maxChars: number = EDIT_LIMITS.segmentTextMaxChars,
): Replacement {
  const needle = query.trim();
  const none: Replacement = { segments, count: 0, segmentCount: 0, problem: null };
  if (!needle) return none;
  const pattern = new RegExp(needle.split(/\s+/).map(escapeRegExp).join('\\s+'), 'giu');
  let count = 0;
  let segmentCount = 0;
  const next = segments.map((segment) => {
    const text = shownText(segment);
    let found = 0;
    const replaced = text.replace(pattern, () => {
      found++;
      return replacement;
    });
    if (found === 0) return segment;
    count += found;
    segmentCount++;
    return { ...segment, text: cleanSegmentText(replaced), reviewed: true };
  });
  if (count === 0) return none;
  if (next.some((segment) => segment.text.length > maxChars)) return { ...none, problem: 'too_long' };
  return { segments: next, count, segmentCount, problem: null };
}
