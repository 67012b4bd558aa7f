// Behaviour, apart from the view: keeping the playing segment in view inside the viewer's or the
// editor's scroller while letting the user scroll away to read ahead.
import { useEffect, useRef, type RefObject } from 'react';
import type { VirtualHandle } from './useVirtualUnits.ts';
import type { TranscriptView } from './segmentLayout.ts';

/** How long a manual scroll (wheel, touch, keys) pauses following the playback. */
const MANUAL_SCROLL_PAUSE_MS = 4000;

/**
 * Scrolls the active segment into view inside the viewer's own scroller (never the page, never moving
 * focus): smoothly, or instantly under reduced motion. A wheel, touch or key scroll by the user pauses
 * this for a few seconds so reading ahead is not fought.
 */
export function useFollowPlayback(
  scrollerRef: RefObject<HTMLDivElement | null>,
  activeIndex: number,
  view: TranscriptView,
  /** The list's handle: it renders (and then corrects) a row that is not in the document. */
  list: RefObject<VirtualHandle | null>,
  /** Not while focus is inside the list (the editor: the text must not move under the cursor). */
  holdWhileFocused = false,
) {
  const pausedUntil = useRef(0);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const pause = () => {
      pausedUntil.current = performance.now() + MANUAL_SCROLL_PAUSE_MS;
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (['PageUp', 'PageDown', ' ', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key) && event.target === scroller) pause();
    };
    scroller.addEventListener('wheel', pause, { passive: true });
    scroller.addEventListener('touchmove', pause, { passive: true });
    scroller.addEventListener('keydown', onKey);
    return () => {
      scroller.removeEventListener('wheel', pause);
      scroller.removeEventListener('touchmove', pause);
      scroller.removeEventListener('keydown', onKey);
    };
  }, [scrollerRef]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || activeIndex < 0 || performance.now() < pausedUntil.current) return;
    if (holdWhileFocused && scroller.contains(document.activeElement)) return;
    const row = scroller.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (!row) {
      list.current?.reveal(activeIndex);
      return;
    }
    const box = scroller.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    const margin = Math.min(48, box.height / 4);
    if (rect.top >= box.top + margin && rect.bottom <= box.bottom - margin) return;
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    const top = Math.max(0, scroller.scrollTop + (rect.top - box.top) - box.height / 3);
    // Smooth for the next lines; a far jump (a seek) lands at once rather than scrolling through pages.
    const far = Math.abs(top - scroller.scrollTop) > box.height * 2;
    const behavior = reduce || far ? 'auto' : 'smooth';
    if (list.current) list.current.reveal(activeIndex, behavior);
    else scroller.scrollTo({ top, behavior });
  }, [scrollerRef, activeIndex, view, list, holdWhileFocused]);
}
