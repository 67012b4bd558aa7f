import { describe, expect, it } from 'vitest';
import { createSelectionStore, readSelection, reconcileUser } from './selection.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('workspace selection persistence', () => {
  it('reads the stored transcript and tab, ignoring junk', () => {
    expect(readSelection(memoryStorage({ selectedTranscriptId: '12', currentTab: 'ai-output' }))).toEqual({
      transcriptId: 12,
      tab: 'ai-output',
    });
    expect(readSelection(memoryStorage({ selectedTranscriptId: 'abc', currentTab: 'settings' }))).toEqual({
      transcriptId: null,
      tab: 'transcript',
    });
  });

  it('keeps the selection for the same user and resets it for another one', () => {
    const storage = memoryStorage({ selectedTranscriptId: '5', currentTab: 'ai-output', lastUserId: '1' });
    expect(reconcileUser(storage, 1)).toBe(false);
    expect(readSelection(storage)).toEqual({ transcriptId: 5, tab: 'ai-output' });

    expect(reconcileUser(storage, 2)).toBe(true);
    expect(readSelection(storage)).toEqual({ transcriptId: null, tab: 'transcript' });
    expect(storage.map.get('lastUserId')).toBe('2');
  });

  it('store: selecting writes through and notifies; a new user clears it before anyone reads', async () => {
    const storage = memoryStorage({ lastUserId: '1' });
    const store = createSelectionStore(() => storage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.selectTranscript(9);
    store.setTab('ai-output');
    expect(storage.map.get('selectedTranscriptId')).toBe('9');
    expect(storage.map.get('currentTab')).toBe('ai-output');
    expect(calls).toBe(2);

    store.forUser(1);
    expect(store.getSnapshot().transcriptId).toBe(9);
    store.forUser(3);
    expect(store.getSnapshot()).toEqual({ transcriptId: null, tab: 'transcript' });
    await Promise.resolve();
    expect(calls).toBe(3);
  });

  it('works without storage (blocked), in memory', () => {
    const store = createSelectionStore(() => null);
    store.selectTranscript(4);
    expect(store.getSnapshot().transcriptId).toBe(4);
  });
});
