import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's text is cut off by its box: wider than the box, or with `lines`, also taller
 * (a clamp to a few lines). Measured again whenever the box's size or `text` changes, so a name can
 * offer its whole text (a tooltip, a title) only when it needs to.
 */
export function useTruncated(ref: RefObject<HTMLElement | null>, text: string, { lines = false }: { lines?: boolean } = {}): boolean {
  const [truncated, setTruncated] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setTruncated(element.scrollWidth > element.clientWidth + 1 || (lines && element.scrollHeight > element.clientHeight + 1));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, text, lines]);
  return truncated;
}
