/** A rectangle in viewport coordinates (as getBoundingClientRect gives it). */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface CardPlacement {
  top: number;
  left: number;
}

/** Gap between the card and the viewport's edge or a thing it keeps clear of. */
export const CARD_MARGIN = 16;

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/**
 * Where the tutorial card goes so that it covers none of `keepClear` (the step's target, the page's
 * top bar, toasts, the player: whatever the step names or the user is reading): the first place, in
 * order of preference, that overlaps none of them, else the one that covers the least of them.
 * Preference: the bottom centre (where the card has always been), then the bottom corners, then just
 * above or below each thing kept clear, then the top. Pure, so it is tested without a layout.
 */
export function placeCard(
  viewport: { width: number; height: number },
  card: { width: number; height: number },
  keepClear: readonly Box[],
): CardPlacement {
  const maxTop = Math.max(CARD_MARGIN, viewport.height - card.height - CARD_MARGIN);
  const maxLeft = Math.max(0, viewport.width - card.width - CARD_MARGIN);
  const tops = [
    maxTop,
    ...keepClear.flatMap((b) => [b.top - card.height - CARD_MARGIN / 2, b.top + b.height + CARD_MARGIN / 2]),
    CARD_MARGIN,
  ].map((top) => clamp(top, CARD_MARGIN, maxTop));
  const lefts = [(viewport.width - card.width) / 2, maxLeft, CARD_MARGIN].map((left) => clamp(left, 0, maxLeft));

  let best: { place: CardPlacement; covered: number } | undefined;
  for (const top of tops) {
    for (const left of lefts) {
      const box = { top, left, width: card.width, height: card.height };
      const covered = keepClear.reduce((sum, b) => sum + overlap(box, b), 0);
      if (covered === 0) return { top, left };
      if (!best || covered < best.covered) best = { place: { top, left }, covered };
    }
  }
  return best!.place;
}
