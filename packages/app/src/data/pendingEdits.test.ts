import { describe, expect, it } from 'vitest';
import { createPendingEdits, pendingEditKey, sameContent, type EditStorage } from './pendingEdits.ts';

const segments = [{ start: 0, end: 1, text: 'Hi', speaker: 'Unknown Speaker' }];

describe('edits kept on this device', () => {
  it('are kept per user and transcript', () => {
    expect(pendingEditKey(1, 5)).not.toBe(pendingEditKey(2, 5));
    expect(pendingEditKey(1, 5)).not.toBe(pendingEditKey(1, 6));
  });

  it('read back what was written, and nothing after clear or from a damaged entry', () => {
    const map = new Map<string, string>();
    const storage: EditStorage = {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
    const pending = createPendingEdits(storage);
    expect(pending.write('k', { baseRevision: 3, segments, updatedAt: 1 })).toBe(true);
    expect(pending.read('k')).toEqual({ baseRevision: 3, segments, updatedAt: 1 });
    pending.clear('k');
    expect(pending.read('k')).toBeNull();
    map.set('k', '{not json');
    expect(pending.read('k')).toBeNull();
    map.set('k', JSON.stringify({ baseRevision: 'x', updatedAt: 1, title: 'T' }));
    expect(pending.read('k')).toBeNull();
  });

  it('say so when the device refuses to keep them (storage full or blocked)', () => {
    const full: EditStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(createPendingEdits(full).write('k', { baseRevision: 1, title: 'T', updatedAt: 1 })).toBe(false);
    expect(createPendingEdits(null).write('k', { baseRevision: 1, title: 'T', updatedAt: 1 })).toBe(false);
  });

  it('compare with the server copy by content', () => {
    const server = { title: 'T', segments };
    expect(sameContent({ segments: structuredClone(segments) }, server)).toBe(true);
    expect(sameContent({ title: 'T2' }, server)).toBe(false);
    expect(sameContent({ segments: [{ ...segments[0], text: 'Ho' }] }, server)).toBe(false);
    // The server's form of the same text: keys in another order, words timed, a confidence.
    const stored = [
      { text: 'Hi', end: 1, start: 0, speaker: 'Unknown Speaker', words: [{ text: 'Hi', start: 0, end: 1 }], confidence: 0.9 },
    ];
    expect(sameContent({ segments }, { title: 'T', segments: stored })).toBe(true);
    expect(sameContent({ segments: [{ ...segments[0], speaker: 'Carol' }] }, { title: 'T', segments: stored })).toBe(false);
    expect(sameContent({ segments: [{ ...segments[0], reviewed: true }] }, { title: 'T', segments: stored })).toBe(false);
    expect(sameContent({ segments: [{ ...segments[0], end: 1.5 }] }, { title: 'T', segments: stored })).toBe(false);
    expect(sameContent({ segments: [...segments, ...segments] }, { title: 'T', segments: stored })).toBe(false);
  });
});
