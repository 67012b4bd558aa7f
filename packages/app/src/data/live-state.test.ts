import { describe, expect, it } from 'vitest';
import { createLiveState, mergeDraft } from './live-state.ts';

const ev = (seq: number, delta: string, done = false, runId = 'r1') => ({ transcriptId: 7, runId, prompt: 'P', seq, delta, done });

describe('answers being generated', () => {
  it('joins deltas in order, drops gaps and other runs, and clears on done', () => {
    const live = createLiveState();
    const pending = (id: number) => live.getSnapshot().outputs.get(id);
    live.aiOutputStream(ev(1, 'late'));
    expect(pending(7)).toBeUndefined();
    live.aiOutputStream(ev(0, 'Hello '));
    live.aiOutputStream(ev(1, 'world'));
    live.aiOutputStream(ev(3, '!'));
    live.aiOutputStream(ev(5, 'x', false, 'other'));
    expect(pending(7)).toMatchObject({ prompt: 'P', text: 'Hello world', nextSeq: 2 });
    live.aiOutputStream(ev(2, '', true, 'other'));
    expect(pending(7)?.text).toBe('Hello world');
    live.aiOutputStream(ev(2, '', true));
    expect(pending(7)).toBeUndefined();
  });

  it('shows the steps of a long run, then the streamed answer of the same run, and clears on done', () => {
    const live = createLiveState();
    const pending = (id: number) => live.getSnapshot().outputs.get(id);
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
    live.aiProgress(step(2, 'reading', 2, 5));
    expect(pending(8)).toMatchObject({ prompt: 'Bullet points', text: '', progress: { phase: 'reading', part: 2, parts: 5 } });
    live.aiProgress(step(1, 'reading', 1, 5));
    expect(pending(8)?.progress).toMatchObject({ step: 2, part: 2 });
    live.aiProgress(step(7, 'answering', 1, 1));
    live.aiOutputStream({ transcriptId: 8, runId: 'long', prompt: 'Bullet points', seq: 0, delta: '- Revenue [01:05]', done: false });
    expect(pending(8)).toMatchObject({ text: '- Revenue [01:05]', progress: { phase: 'answering' } });
    live.aiOutputStream({ transcriptId: 8, runId: 'long', prompt: 'Bullet points', seq: 1, delta: '', done: true });
    expect(pending(8)).toBeUndefined();
  });
});

describe('recording drafts', () => {
  it('keeps the newest revision per recording and the availability', () => {
    const store = createLiveState();
    const seg = (text: string, final: boolean, start = 0) => ({ start, end: start + 1, text, final });
    store.recordingDraft({ recordingId: 'r', revision: 2, segments: [seg('Hello', true), seg('wor', false, 1)] });
    store.recordingDraft({ recordingId: 'r', revision: 1, segments: [seg('Hel', false)] });
    store.recordingDraft({ nonsense: true });
    expect(store.getSnapshot().drafts.get('r')!.revision).toBe(2);
    store.recordingDraft({ recordingId: 'r', revision: 3, segments: [seg('Hello', true), seg('world', true, 1)] });
    expect(
      store
        .getSnapshot()
        .drafts.get('r')!
        .segments.map((s) => s.text),
    ).toEqual(['Hello', 'world']);
    store.recordingLive({ recordingId: 'r', available: false, reason: 'busy' });
    expect(store.getSnapshot().availability.get('r')).toEqual({ available: false, reason: 'busy' });
    store.recordingEnded('r');
    expect(store.getSnapshot().drafts.size + store.getSnapshot().availability.size).toBe(0);
  });
});

describe('draft events carry only the newest finals', () => {
  const seg = (text: string, final: boolean, start: number) => ({ start, end: start + 1, text, final });

  it('keeps the finals it holds and adds the later ones, also after missed events', () => {
    const store = createLiveState();
    store.recordingDraft({ recordingId: 'r', revision: 1, segments: [seg('One', true, 0), seg('Tw', false, 1)] });
    // Revisions 2 to 4 were missed (a reconnect); 5 repeats the newest finals only.
    store.recordingDraft({ recordingId: 'r', revision: 5, segments: [seg('Two', true, 1), seg('Three', true, 2), seg('Fo', false, 3)] });
    expect(
      store
        .getSnapshot()
        .drafts.get('r')!
        .segments.map((s) => [s.text, s.final]),
    ).toEqual([
      ['One', true],
      ['Two', true],
      ['Three', true],
      ['Fo', false],
    ]);
  });

  it('never repeats a final it already holds', () => {
    expect(mergeDraft([seg('One', true, 0), seg('T', false, 1)], [seg('One', true, 0), seg('Two', true, 1)]).map((s) => s.text)).toEqual([
      'One',
      'Two',
    ]);
  });
});
