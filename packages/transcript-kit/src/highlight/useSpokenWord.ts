// The word being spoken, painted in the playing segment's text (CSS Highlight API: no row re-renders,
// so the 5,000-segment budgets hold), and the word a click on the text landed on.
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { caretAt, highlightRegistry, rowTextRange, textNodeOf } from './textHighlight.ts';
import './spokenWord.css.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import { wordAt, wordAtOffset, wordRanges } from '../transcript/words.ts';

/** The highlight's name, styled by `::highlight(scribe-spoken-word)` (spokenWord.css.ts). */
export const SPOKEN_WORD_HIGHLIGHT = 'scribe-spoken-word';

/**
 * Paints the word of segment `index` spoken at `currentTime` while `isPlaying`; nothing when the segment's
 * words are not timed or not its text (an edit not yet saved), or its row is not rendered or is being
 * edited. `redrawKey` changes when the rows render anew (the view).
 */
export function useSpokenWord(
  scrollerRef: RefObject<HTMLElement | null>,
  segment: TranscriptSegment | undefined,
  index: number,
  currentTime: number | undefined,
  isPlaying: boolean,
  redrawKey: unknown,
) {
  useLayoutEffect(() => {
    const api = highlightRegistry();
    const scroller = scrollerRef.current;
    if (!api || !scroller) return;
    const ranges = segment && isPlaying && typeof currentTime === 'number' ? wordRanges(segment.text, segment.words) : null;
    const word = ranges ? wordAt(segment!.words!, currentTime!) : -1;
    const range = word >= 0 ? rowTextRange(scroller, index, ranges![word]!.from, ranges![word]!.to) : null;
    if (range) api.highlights.set(SPOKEN_WORD_HIGHLIGHT, new api.Highlight(range));
    else api.highlights.delete(SPOKEN_WORD_HIGHLIGHT);
  }, [scrollerRef, segment, index, currentTime, isPlaying, redrawKey]);
  useEffect(() => () => highlightRegistry()?.highlights.delete(SPOKEN_WORD_HIGHLIGHT), []);
}

/**
 * The start of the word a click on a segment's text landed on, or undefined (a click from the keyboard,
 * words not timed or not the text, a browser that cannot tell the character under the pointer).
 */
export function clickedWordStart(
  event: { detail: number; clientX: number; clientY: number; currentTarget: HTMLElement },
  segment: TranscriptSegment,
) {
  if (event.detail === 0) return undefined;
  const ranges = wordRanges(segment.text, segment.words);
  const caret = ranges ? caretAt(event.clientX, event.clientY) : null;
  // On the segment's text, not on its speaker or times.
  if (!caret || caret.node !== textNodeOf(event.currentTarget)) return undefined;
  const word = wordAtOffset(ranges!, caret.offset);
  return word >= 0 ? segment.words![word]!.start : undefined;
}
