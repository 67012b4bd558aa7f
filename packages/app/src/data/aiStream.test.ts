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

  it('shows the steps of a long run, then the streamed answer of the same run, and clears on done', () => {
    const step = (n: number, phase: 'reading' | 'combining' | 'answering', part: number, parts: number, runId = 'long') => ({
      transcriptId: 8,
      runId,
      prompt: 'Bullet points',
      phase,
      step: n,
      steps: 7,
      part,
      parts,
    });
    aiStreamStore.progress(step(2, 'reading', 2, 5));
    expect(aiStreamStore.get(8)).toMatchObject({ prompt: 'Bullet points', text: '', progress: { phase: 'reading', part: 2, parts: 5 } });
    aiStreamStore.progress(step(1, 'reading', 1, 5));
    expect(aiStreamStore.get(8)?.progress).toMatchObject({ step: 2, part: 2 });
    aiStreamStore.progress(step(7, 'answering', 1, 1));
    aiStreamStore.apply({ transcriptId: 8, runId: 'long', prompt: 'Bullet points', seq: 0, delta: '- Revenue [01:05]', done: false });
    expect(aiStreamStore.get(8)).toMatchObject({ text: '- Revenue [01:05]', progress: { phase: 'answering' } });
    aiStreamStore.apply({ transcriptId: 8, runId: 'long', prompt: 'Bullet points', seq: 1, delta: '', done: true });
    expect(aiStreamStore.get(8)).toBeUndefined();
  });
});
