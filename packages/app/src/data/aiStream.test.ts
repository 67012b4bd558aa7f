import { describe, expect, it } from 'vitest';
import { aiStreamStore } from './aiStream.ts';

const ev = (seq: number, delta: string, done = false, runId = 'r1') => ({ transcriptId: 7, runId, prompt: 'P', seq, delta, done });

describe('aiStreamStore', () => {
  it('joins deltas in order, drops gaps and other runs, and clears on done', () => {
    aiStreamStore.apply(ev(1, 'late'));
    expect(aiStreamStore.get(7)).toBeUndefined();
    aiStreamStore.apply(ev(0, 'Hello '));
    aiStreamStore.apply(ev(1, 'world'));
    aiStreamStore.apply(ev(3, '!'));
    aiStreamStore.apply(ev(5, 'x', false, 'other'));
    expect(aiStreamStore.get(7)).toMatchObject({ prompt: 'P', text: 'Hello world', nextSeq: 2 });
    aiStreamStore.apply(ev(2, '', true, 'other'));
    expect(aiStreamStore.get(7)?.text).toBe('Hello world');
    aiStreamStore.apply(ev(2, '', true));
    expect(aiStreamStore.get(7)).toBeUndefined();
  });
});
