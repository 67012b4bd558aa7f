import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTutorialVisibility,
  hasSeenTutorial,
  setTutorialSeen,
  tutorialSeenKey,
  TUTORIAL_SAMPLE_WAIT_MS,
  TUTORIAL_START_DELAY_MS,
  waitUntil,
} from './tutorialState.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('tutorial-seen flag', () => {
  it('is kept per user', () => {
    const s = memoryStorage();
    expect(hasSeenTutorial(s, 1)).toBe(false);
    setTutorialSeen(s, 1, true);
    expect(s.map.get('tutorialSeen:1')).toBe('true');
    expect(tutorialSeenKey(1)).toBe('tutorialSeen:1');
    expect(hasSeenTutorial(s, 1)).toBe(true);
    expect(hasSeenTutorial(s, 2)).toBe(false);
    setTutorialSeen(s, 1, false);
    expect(hasSeenTutorial(s, 1)).toBe(false);
  });

  it('treats blocked storage as not seen and never throws', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(hasSeenTutorial(blocked, 1)).toBe(false);
    expect(() => setTutorialSeen(blocked, 1, true)).not.toThrow();
    expect(hasSeenTutorial(null, 1)).toBe(false);
  });

  it('uses the constants of docs/product-spec.md §9', () => {
    expect(TUTORIAL_START_DELAY_MS).toBe(1000);
    expect(TUTORIAL_SAMPLE_WAIT_MS).toBe(800);
  });
});

describe('tutorial visibility', () => {
  it('shows with a new run each time and hides', () => {
    const v = createTutorialVisibility();
    const listener = vi.fn();
    v.subscribe(listener);
    v.show();
    expect(v.getSnapshot()).toEqual({ open: true, run: 1 });
    v.hide();
    v.hide();
    expect(v.getSnapshot()).toEqual({ open: false, run: 1 });
    v.show();
    expect(v.getSnapshot()).toEqual({ open: true, run: 2 });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('waitUntil', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves true as soon as the check holds', async () => {
    let ready = false;
    setTimeout(() => (ready = true), 300);
    const done = waitUntil(() => ready, 800);
    await vi.advanceTimersByTimeAsync(350);
    await expect(done).resolves.toBe(true);
  });

  it('gives up after the timeout', async () => {
    const done = waitUntil(() => false, 800);
    await vi.advanceTimersByTimeAsync(799);
    let settled = false;
    void done.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    await expect(done).resolves.toBe(false);
  });
});
