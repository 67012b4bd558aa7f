import { describe, expect, it } from 'vitest';
import { finalCount, newlyFinalText, splitDraft, type LiveTextSegment } from './liveText.ts';

const seg = (text: string, final: boolean): LiveTextSegment => ({ start: 0, end: 1, text, final });

describe('live text', () => {
  it('splits the settled text from the provisional tail', () => {
    const draft = [seg(' Hello there.', true), seg('How are', true), seg('you do', false)];
    expect(finalCount(draft)).toBe(2);
    expect(splitDraft(draft)).toEqual({ finalText: 'Hello there. How are', provisionalText: 'you do' });
    expect(splitDraft([])).toEqual({ finalText: '', provisionalText: '' });
  });

  it('announces only what became final since the last announcement, never provisional words', () => {
    let announced = 0;
    const step = (segments: LiveTextSegment[]) => {
      const next = newlyFinalText(segments, announced);
      announced = next.count;
      return next.text;
    };
    expect(step([seg('Hel', false)])).toBe('');
    expect(step([seg('Hello world.', false)])).toBe('');
    expect(step([seg('Hello world.', true), seg('This', false)])).toBe('Hello world.');
    // The same draft again (a repeated message) says nothing new.
    expect(step([seg('Hello world.', true), seg('This is', false)])).toBe('');
    expect(step([seg('Hello world.', true), seg('This is it.', true), seg('And', true)])).toBe('This is it. And');
    expect(announced).toBe(3);
  });
});
