// A behaviour hook of the editor: scrolling its list along with playback. Apart from the editor because it
// touches only the scroller's DOM, never the editor's state.
import { useEffect, type RefObject } from 'react';
import type { TranscriptView } from '../TranscriptViewer/TranscriptViewer.tsx';

/** Keeps the playing segment in view inside the editor's scroller (never the page, never moving focus). */
export function useFollowActive(scrollerRef: RefObject<HTMLDivElement | null>, activeIndex: number, view: TranscriptView) {
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || activeIndex < 0) return;
    // Not while the user types or works in the list: the text must not move under the cursor.
    if (scroller.contains(document.activeElement)) return;
    const row = scroller.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (!row) return;
    const box = scroller.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    if (rect.top >= box.top && rect.bottom <= box.bottom) return;
    scroller.scrollTo({ top: Math.max(0, scroller.scrollTop + (rect.top - box.top) - box.height / 3) });
  }, [scrollerRef, activeIndex, view]);
}
