import { describe, expect, it } from 'vitest';
import { numberedSpeaker, segmentAt, speakerColorIndex, SPEAKER_COLOR_COUNT, type TranscriptSegment } from './segments.ts';
import { transcriptText } from '../TranscriptViewer/transcriptText.ts';

const seg = (start: number, end: number): TranscriptSegment => ({ start, end, text: `${start}` });

describe('segmentAt', () => {
  const segments = [seg(0, 2), seg(2, 5), seg(6, 9), seg(9, 9.5)];

  it('finds the segment containing the time (start inclusive, end exclusive)', () => {
    expect(segmentAt(segments, 0)).toBe(0);
    expect(segmentAt(segments, 1.99)).toBe(0);
    expect(segmentAt(segments, 2)).toBe(1);
    expect(segmentAt(segments, 4.9)).toBe(1);
    expect(segmentAt(segments, 6)).toBe(2);
    expect(segmentAt(segments, 9.2)).toBe(3);
  });

  it('is -1 before, between and after segments, and for non-finite times', () => {
    expect(segmentAt(segments, -1)).toBe(-1);
    expect(segmentAt(segments, 5.5)).toBe(-1);
    expect(segmentAt(segments, 9.5)).toBe(-1);
    expect(segmentAt(segments, 100)).toBe(-1);
    expect(segmentAt(segments, Number.NaN)).toBe(-1);
    expect(segmentAt([], 1)).toBe(-1);
  });

  it('takes the latest start among overlapping segments', () => {
    expect(segmentAt([seg(0, 10), seg(3, 4)], 3.5)).toBe(1);
  });

  it('agrees with a linear scan on a large transcript', () => {
    const many = Array.from({ length: 5000 }, (_, i) => seg(i * 2, i * 2 + 1.5));
    for (const t of [0, 1.6, 777.7, 5000.2, 9998.5, 9999.4, 9999.6, 12000]) {
      let expected = -1;
      many.forEach((s, i) => {
        if (s.start <= t && t < s.end) expected = i;
      });
      expect(segmentAt(many, t)).toBe(expected);
    }
  });

  it('takes O(log n) steps', () => {
    let reads = 0;
    const many = Array.from({ length: 100_000 }, (_, i) => seg(i, i + 1));
    const counted = new Proxy(many, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(segmentAt(counted, 73_456.5)).toBe(73_456);
    expect(reads).toBeLessThan(40);
  });
});

describe('speakerColorIndex', () => {
  it('is stable and within the 8 colours', () => {
    for (const name of ['Unknown Speaker', 'Speaker 1', 'Speaker 2', 'Anna', 'Jürgen', '']) {
      const index = speakerColorIndex(name);
      expect(index).toBe(speakerColorIndex(name));
      expect(Number.isInteger(index)).toBe(true);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(SPEAKER_COLOR_COUNT);
    }
  });

  it('gives the unknown speaker the first colour', () => {
    expect(speakerColorIndex('')).toBe(0);
  });

  it('spreads names over the colours', () => {
    const used = new Set(Array.from({ length: 64 }, (_, i) => speakerColorIndex(`Speaker ${i + 1}`)));
    expect(used.size).toBe(SPEAKER_COLOR_COUNT);
  });
});

describe('numbered speakers', () => {
  it("tells speaker detection's 'Speaker N' from names users give", () => {
    expect(numberedSpeaker('Speaker 1')).toBe(1);
    expect(numberedSpeaker('Speaker 12')).toBe(12);
    for (const name of ['Speaker', 'Speaker 0', 'Speaker 01', 'speaker 2', 'Speaker 2a', 'Anna', 'Unknown Speaker']) {
      expect(numberedSpeaker(name), name).toBeNull();
    }
  });

  it('are named by the label a copy is given, as the viewer shows them', () => {
    const segments: TranscriptSegment[] = [
      { start: 0, end: 2, text: 'Hello.', speaker: 'Speaker 1' },
      { start: 2, end: 4, text: 'Hi.', speaker: 'Anna' },
    ];
    const german = (name: string) => (numberedSpeaker(name) ? `Sprecher ${numberedSpeaker(name)}` : name);
    expect(transcriptText(segments, undefined, 'detailed', german)).toBe('Sprecher 1:\n[0:00 - 0:02] Hello.\n\nAnna:\n[0:02 - 0:04] Hi.');
    // A string names only the unknown speaker: a segment without one.
    expect(transcriptText(segments, undefined, 'detailed', 'Unbekannt')).toMatch(/^Speaker 1:/);
    expect(transcriptText([{ start: 0, end: 2, text: 'Hm.' }], undefined, 'detailed', 'Unbekannt')).toBe('Unbekannt:\n[0:00 - 0:02] Hm.');
    expect(transcriptText([{ start: 0, end: 2, text: 'Hm.' }], undefined, 'detailed')).toBe('Unknown Speaker:\n[0:00 - 0:02] Hm.');
  });
});
