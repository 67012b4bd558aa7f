import { describe, expect, it } from 'vitest';
import { CARD_MARGIN, placeCard, type Box } from './placeCard.ts';

const desktop = { width: 1440, height: 900 };
const card = { width: 440, height: 260 };
const intersects = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
const at = (place: { top: number; left: number }, size = card): Box => ({ ...place, ...size });

describe('placeCard', () => {
  it('keeps the bottom centre when nothing is in the way', () => {
    expect(placeCard(desktop, card, [])).toEqual({ top: 900 - 260 - CARD_MARGIN, left: 500 });
  });

  it('moves above the player it would cover at the bottom centre', () => {
    const player = { top: 800, left: 216, width: 864, height: 90 };
    const place = placeCard(desktop, card, [player]);
    expect(intersects(at(place), player)).toBe(false);
    expect(place.top + card.height).toBeLessThanOrEqual(player.top);
  });

  it('takes a bottom corner when only the centre is taken', () => {
    const toast = { top: 820, left: 600, width: 240, height: 60 };
    const place = placeCard(desktop, card, [toast]);
    expect(intersects(at(place), toast)).toBe(false);
    expect(place.top).toBe(900 - 260 - CARD_MARGIN);
  });

  it("on a phone, keeps clear of the top bar and of the step's target in an open drawer", () => {
    const phone = { width: 390, height: 844 };
    const small = { width: 358, height: 300 };
    const topBar = { top: 0, left: 0, width: 390, height: 56 };
    const actions = { top: 120, left: 16, width: 300, height: 90 };
    const place = placeCard(phone, small, [topBar, actions]);
    expect(intersects(at(place, small), topBar)).toBe(false);
    expect(intersects(at(place, small), actions)).toBe(false);
  });

  it('covers as little as it can when nothing leaves everything clear, and stays on screen', () => {
    const phone = { width: 390, height: 700 };
    const small = { width: 358, height: 300 };
    const tree = { top: 56, left: 0, width: 390, height: 600 };
    const place = placeCard(phone, small, [tree]);
    expect(place.top).toBeGreaterThanOrEqual(CARD_MARGIN);
    expect(place.top + small.height).toBeLessThanOrEqual(700 - CARD_MARGIN);
    // Of the bottom (covering 272 px of the tree's height) and the top (260 px), the top.
    expect(place.top).toBe(CARD_MARGIN);
  });
});
