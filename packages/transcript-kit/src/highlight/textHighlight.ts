/**
 * Painting parts of a row's text with the CSS Highlight API: ranges over the text node as rendered, so a
 * highlight moves without React rendering anything. Browsers without the API get no paint.
 */

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

/** The page's highlight registry and the Highlight constructor, or null where the browser has none. */
export function highlightRegistry(): { highlights: HighlightRegistry; Highlight: new (...ranges: Range[]) => unknown } | null {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS;
  const Highlight = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  return css?.highlights && Highlight ? { highlights: css.highlights, Highlight } : null;
}

/** The row's text node that holds the segment's text (the longest one: a row may hold labels too). */
export function textNodeOf(rowElement: HTMLElement): Text | null {
  // A row that shows more than the text (speaker, times) marks the text's element.
  const row = rowElement.querySelector<HTMLElement>('[data-find-text]') ?? rowElement;
  if (row.firstChild?.nodeType === Node.TEXT_NODE && row.childNodes.length === 1) return row.firstChild as Text;
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  let best: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!best || (node.textContent ?? '').length > (best.textContent ?? '').length) best = node as Text;
  }
  return best;
}

/** Characters [from, to) of segment `index`'s rendered text, or null (not rendered, being edited, shorter). */
export function rowTextRange(scroller: HTMLElement, index: number, from: number, to: number): Range | null {
  const row = scroller.querySelector<HTMLElement>(`[data-index="${index}"]`);
  const node = row ? textNodeOf(row) : null;
  if (!node || (node.textContent ?? '').length < to) return null;
  const range = document.createRange();
  range.setStart(node, from);
  range.setEnd(node, to);
  return range;
}

/** The text node and character offset under a point (a click), where the browser can tell. */
export function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as unknown as {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?: (x: number, y: number) => Range | null;
  };
  if (doc.caretPositionFromPoint) {
    const position = doc.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}
