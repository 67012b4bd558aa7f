// Word times through an edit (features/transcripts/words.ts): kept words keep their times, changed and
// new ones are timed in the gap their neighbours leave, a client's times are never taken.
import { describe, expect, it } from 'vitest';
import { cleanSegments } from '../../src/features/transcripts/edit.ts';
import { retimeWords, wordIndex, wordsOf, wordsWithin } from '../../src/features/transcripts/words.ts';

const word = (text: string, start: number, end: number) => ({ text, start, end });
const known = [
  word('The', 1, 1.2),
  word(' migration', 1.2, 1.8),
  word(' takes', 1.8, 2.1),
  word(' three', 2.1, 2.4),
  word(' weeks.', 2.4, 3),
];

describe('retimeWords', () => {
  it('keeps every time when the text is the same', () => {
    expect(retimeWords('The migration takes three weeks.', 1, 3, known)).toEqual(known);
  });

  it('keeps the unchanged words and times a changed one inside the gap it replaces', () => {
    const words = retimeWords('The migration takes four weeks.', 1, 3, known)!;
    expect(words.map((w) => w.text)).toEqual(['The', ' migration', ' takes', ' four', ' weeks.']);
    expect(words[3]).toEqual({ text: ' four', start: 2.1, end: 2.4 });
    expect(words.filter((_, i) => i !== 3)).toEqual(known.filter((_, i) => i !== 3));
  });

  it('shares a gap between inserted words by their length', () => {
    const words = retimeWords('The migration takes about three weeks.', 1, 3, known)!;
    // 'about' has no gap of its own: it sits at the end of 'takes' with no length.
    expect(words[3]).toEqual({ text: ' about', start: 2.1, end: 2.1 });
    const typed = retimeWords('Our big migration', 0, 1.8, known.slice(0, 2))!;
    // 'Our big' shares 0 to 1.2 (where 'The' was) by length: 3 and 3 letters.
    expect(typed).toEqual([word('Our', 0, 0.6), word(' big', 0.6, 1.2), word(' migration', 1.2, 1.8)]);
  });

  it('keeps the words of the halves of a split and of the parts of a merge', () => {
    const index = wordIndex([{ words: known.slice(0, 3) }, { words: known.slice(3) }]);
    expect(retimeWords('three weeks.', 2.1, 3, wordsWithin(index, 2.1, 3))).toEqual([word('three', 2.1, 2.4), ...known.slice(4)]);
    expect(retimeWords('The migration takes three weeks.', 1, 3, wordsWithin(index, 1, 3))).toEqual(known);
  });

  it('gives no words where none were timed', () => {
    expect(retimeWords('Anything at all', 0, 2, [])).toBeNull();
  });
});

describe('wordsOf', () => {
  it('splits as the engine writes words: the space before each, none before the first', () => {
    expect(wordsOf('  ill-disposed  young man. ')).toEqual(['ill-disposed', '  young', ' man.']);
  });
});

describe('cleanSegments', () => {
  it('derives the words from the current revision and never takes the times a client sends', () => {
    const current = [{ start: 1, end: 3, text: 'The migration takes three weeks.', speaker: 'Unknown Speaker', words: known }];
    const sent = [{ start: 1, end: 3, text: 'The migration takes four weeks.', speaker: 'Unknown Speaker', words: [word('The', 0, 0)] }];
    const [segment] = cleanSegments(sent, current, 10);
    expect(segment.words!.map((w) => [w.text, w.start])).toEqual([
      ['The', 1],
      [' migration', 1.2],
      [' takes', 1.8],
      [' four', 2.1],
      [' weeks.', 2.4],
    ]);
    // A transcript without word times gets none from an edit.
    const [plain] = cleanSegments(sent, [{ ...current[0], words: undefined }], 10);
    expect(plain.words).toBeUndefined();
  });
});
