import { describe, expect, it, vi } from 'vitest';
import { ACTIVE, createRowStore, EDITING, PLAYING, TAB_STOP } from './rowStore.ts';

describe('createRowStore', () => {
  it('marks the active row as playing only while the player plays', () => {
    const store = createRowStore();
    const listener = vi.fn();
    store.subscribe(3, listener);
    store.setActive(3);
    expect(store.flags(3) & PLAYING).toBe(0);
    store.setPlaying(true);
    expect(store.flags(3)).toBe(ACTIVE | PLAYING | TAB_STOP);
    store.setPlaying(false);
    expect(store.flags(3)).toBe(ACTIVE | TAB_STOP);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('notifies only the rows whose flags change', () => {
    const store = createRowStore();
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const listener = vi.fn();
      store.subscribe(i, listener);
      return listener;
    });
    store.setActive(500);
    store.setActive(501);
    const notified = rows.map((listener, i) => [i, listener.mock.calls.length]).filter(([, calls]) => calls > 0);
    // 0 lost the Tab stop, 500 gained then lost the highlight, 501 gained it.
    expect(notified.map(([i]) => i)).toEqual([0, 500, 501]);
    expect(store.flags(501)).toBe(ACTIVE | TAB_STOP);
    expect(store.flags(500)).toBe(0);
  });

  it('the Tab stop follows the playing row until the user focuses one', () => {
    const store = createRowStore();
    expect(store.tabStop).toBe(0);
    store.setActive(7);
    expect(store.tabStop).toBe(7);
    store.setFocused(3);
    store.setActive(9);
    expect(store.tabStop).toBe(3);
    expect(store.flags(3)).toBe(TAB_STOP);
    expect(store.flags(9)).toBe(ACTIVE);
    store.setFocused(null);
    expect(store.tabStop).toBe(9);
  });

  it('unsubscribes', () => {
    const store = createRowStore();
    const listener = vi.fn();
    const off = store.subscribe(2, listener);
    off();
    store.setActive(2);
    expect(listener).not.toHaveBeenCalled();
  });

  it('marks the edited row and notifies only the rows that start or stop editing', () => {
    const store = createRowStore();
    const two = vi.fn();
    const five = vi.fn();
    const other = vi.fn();
    store.subscribe(2, two);
    store.subscribe(5, five);
    store.subscribe(7, other);
    store.setEditing(2);
    expect(store.flags(2) & EDITING).toBe(EDITING);
    expect(store.editing).toBe(2);
    store.setEditing(5);
    expect(store.flags(2) & EDITING).toBe(0);
    expect(store.flags(5) & EDITING).toBe(EDITING);
    store.setEditing(null);
    expect(store.flags(5) & EDITING).toBe(0);
    expect(two).toHaveBeenCalledTimes(2);
    expect(five).toHaveBeenCalledTimes(2);
    expect(other).not.toHaveBeenCalled();
  });

  it('tells Tab stop listeners only when the Tab stop moves', () => {
    const store = createRowStore();
    const listener = vi.fn();
    store.subscribeTabStop(listener);
    store.setActive(4);
    expect(listener).toHaveBeenCalledTimes(1);
    store.setFocused(4);
    store.setPlaying(true);
    expect(listener).toHaveBeenCalledTimes(1);
    store.setActive(9);
    expect(listener).toHaveBeenCalledTimes(1);
    store.setFocused(null);
    expect(store.tabStop).toBe(9);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
