import { describe, expect, it } from 'vitest';
import type { StoredSegment } from '../../src/db/schema.ts';
import { buildCues, wrapLines, type Cue } from '../../src/features/exports/subtitles.ts';
import { englishSegments, germanSegments } from '../ai-fixtures.ts';

const name = (s: string | undefined) => (!s || s === 'Unknown Speaker' ? 'Unknown' : s);
const cuesOf = (segments: StoredSegment[], options = {}, label?: (n: string) => string) =>
  buildCues({ segments, speakerName: name, label, options });
const chars = (c: Cue) => c.lines.reduce((n, l) => n + [...l].length, 0);
const words = (text: string) => text.split(/\s+/).filter(Boolean);

const long: StoredSegment = {
  start: 10,
  end: 31,
  speaker: 'Unknown Speaker',
  text:
    'So the plan for the next quarter is to move every invoice record to the new system, check each ' +
    'of them twice against the old one, and only then switch the customers over, one region at a time.',
};
const fast: StoredSegment = {
  start: 40,
  end: 42,
  speaker: 'Unknown Speaker',
  text: 'Quick: everyone in, now, before the doors close!',
};

describe('subtitle cues', () => {
  it('keeps every line within 42 characters and every cue within 2 lines, words unbroken and in order', () => {
    for (const segments of [englishSegments, germanSegments, [long, fast]]) {
      const cues = cuesOf(segments);
      for (const c of cues) {
        expect(c.lines.length).toBeGreaterThanOrEqual(1);
        expect(c.lines.length).toBeLessThanOrEqual(2);
        for (const l of c.lines) expect([...l].length, l).toBeLessThanOrEqual(42);
      }
      expect(cues.flatMap((c) => c.lines.flatMap(words))).toEqual(segments.flatMap((s) => words(s.text)));
    }
  });

  it('puts what fits on one line on one line, and balances two lines', () => {
    expect(wrapLines(words('Who reviews the migration plan?'), 42, 2)).toEqual(['Who reviews the migration plan?']);
    const [a, b] = wrapLines(words('Every invoice record is copied twice, so nothing is lost.'), 42, 2)!;
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(10);
    expect(wrapLines(words('x'.repeat(30) + ' ' + 'y'.repeat(30) + ' ' + 'z'.repeat(30)), 42, 2)).toBeNull();
  });

  it('cuts a long segment into cues of 1 to 7 s, each at most 20 characters a second, over the same time', () => {
    const cues = cuesOf([long]);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    expect(cues[0].start).toBe(10);
    expect(cues.at(-1)!.end).toBe(31);
    for (const [i, c] of cues.entries()) {
      const seconds = c.end - c.start;
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(7);
      expect(chars(c) / seconds).toBeLessThanOrEqual(20);
      if (i > 0) expect(c.start).toBe(cues[i - 1].end);
    }
  });

  it('stretches a cue that is too fast to read into the silence after it, never over the next cue', () => {
    const [cue] = cuesOf([fast]);
    // 48 characters need 2.4 s at 20 a second; the segment has 2 s and silence after it.
    expect(cue.start).toBe(40);
    expect(cue.end).toBeCloseTo(40 + chars(cue) / 20, 3);
    const next: StoredSegment = { start: 42.2, end: 44, speaker: 'Unknown Speaker', text: 'Go.' };
    const [first, second] = cuesOf([fast, next]);
    expect(first.end).toBe(42.2);
    // A short word still shows for a second.
    expect(second.end - second.start).toBeGreaterThanOrEqual(1);
  });

  it('never shows a cue longer than 7 s, even over a long silence', () => {
    const [cue] = cuesOf([{ start: 0, end: 20, speaker: 'Unknown Speaker', text: 'Yes.' }]);
    expect(cue.end - cue.start).toBeLessThanOrEqual(7);
  });

  it('follows the options', () => {
    const cues = cuesOf([long], { maxLineChars: 30, maxLines: 1, maxCueSeconds: 3, minCueSeconds: 0.5, maxCharsPerSecond: 15 });
    for (const c of cues) {
      expect(c.lines).toHaveLength(1);
      expect([...c.lines[0]].length).toBeLessThanOrEqual(30);
      expect(c.end - c.start).toBeLessThanOrEqual(3);
    }
    expect(cues.length).toBeGreaterThanOrEqual(7);
  });

  it('labels each speaker turn once, never merges across speakers, and names nobody when no speaker is known', () => {
    const turns: StoredSegment[] = [
      { start: 0, end: 2, speaker: 'Anna', text: 'Hello.' },
      { start: 2, end: 4, speaker: 'Anna', text: 'Still me.' },
      { start: 4, end: 6, speaker: 'Ben', text: 'Hi.' },
      { start: 6, end: 8, speaker: 'Unknown Speaker', text: 'Who is this?' },
    ];
    const cues = cuesOf(turns, {}, (n) => `${n}: `);
    expect(cues.map((c) => c.lines.join(' | '))).toEqual(['Anna: Hello.', 'Still me.', 'Ben: Hi.', 'Unknown: Who is this?']);
    expect(cues.map((c) => [c.speaker, c.turnStart])).toEqual([
      ['Anna', true],
      ['Anna', false],
      ['Ben', true],
      ['Unknown', true],
    ]);
    // Each cue belongs to one segment: times never span two speakers.
    cues.forEach((c, i) => expect(c.start).toBe(turns[i].start));

    const anonymous = cuesOf(
      turns.map((t) => ({ ...t, speaker: 'Unknown Speaker' })),
      {},
      (n) => `${n}: `,
    );
    expect(anonymous.every((c) => c.speaker === null && !c.lines.join(' ').includes(':'))).toBe(true);

    // One voice named only by speaker detection: no name on any cue. Two of them, or a name a person
    // gave: named.
    const detectedOne = cuesOf(
      turns.map((t) => ({ ...t, speaker: 'Speaker 1' })),
      {},
      (n) => `${n}: `,
    );
    expect(detectedOne.every((c) => c.speaker === null && !c.lines.join(' ').includes(':'))).toBe(true);
    const detectedTwo = cuesOf(
      turns.map((t, i) => ({ ...t, speaker: `Speaker ${i < 2 ? 1 : 2}` })),
      {},
      (n) => `${n}: `,
    );
    expect(detectedTwo.map((c) => c.lines.join(' | '))).toEqual(['Speaker 1: Hello.', 'Still me.', 'Speaker 2: Hi.', 'Who is this?']);
    const renamed = cuesOf(
      turns.map((t) => ({ ...t, speaker: 'Carol' })),
      {},
      (n) => `${n}: `,
    );
    expect(renamed[0].lines.join(' ')).toBe('Carol: Hello.');
  });

  it('skips empty segments and cuts a word longer than a line', () => {
    const cues = cuesOf([
      { start: 0, end: 1, speaker: 'A', text: '   ' },
      { start: 1, end: 5, speaker: 'A', text: `see https://example.org/${'a'.repeat(60)}` },
    ]);
    expect(cues[0].start).toBe(1);
    for (const c of cues) for (const l of c.lines) expect([...l].length).toBeLessThanOrEqual(42);
  });
  // The engine's word times: the first ten words of `long` fast, a pause from 13 s to 20 s, the rest after it.
  const timedLong = (): StoredSegment => {
    const list = long.text.split(' ');
    const at = (i: number) => (i < 10 ? 10 + i * 0.3 : 20 + ((i - 10) * 11) / (list.length - 10));
    return { ...long, words: list.map((text, i) => ({ text: i ? ` ${text}` : text, start: at(i), end: at(i) + 0.25 })) };
  };

  it("times each cue from its first word's start to its last word's end when the engine timed the words", () => {
    const segment = timedLong();
    const cues = cuesOf([segment]);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    let next = 0;
    for (const [i, c] of cues.entries()) {
      const count = c.lines.flatMap(words).length;
      const first = segment.words![next];
      const last = segment.words![next + count - 1];
      next += count;
      expect(c.start, c.lines.join(' ')).toBe(Math.round(first.start * 1000) / 1000);
      // Stretched for reading at most into the silence before the next cue, never before its last word ends.
      expect(c.end).toBeGreaterThanOrEqual(Math.round(last.end * 1000) / 1000);
      if (i < cues.length - 1) expect(c.end).toBeLessThanOrEqual(cues[i + 1].start);
      // No cue starts inside the pause: it starts with a word.
      expect(c.start < 13 || c.start >= 20).toBe(true);
    }
    expect(next).toBe(segment.words!.length);
    // By characters alone, a cue would start in the pause.
    expect(cuesOf([long]).some((c) => c.start > 13.1 && c.start < 20)).toBe(true);
  });

  it('labels a timed turn from its first word, and times by characters when the words are no longer the text', () => {
    const segment = { ...timedLong(), speaker: 'Anna' };
    const [first] = cuesOf([segment], {}, (n) => `${n}: `);
    expect(first.lines[0]).toMatch(/^Anna: So the plan/);
    expect(first.start).toBe(10);
    const edited = { ...segment, text: segment.text.replace('invoice', 'receipt') };
    expect(cuesOf([edited])).toEqual(cuesOf([{ ...edited, words: undefined }]));
  });
});
