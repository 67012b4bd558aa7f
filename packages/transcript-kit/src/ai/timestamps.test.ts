import { describe, expect, it } from 'vitest';
import { combinedOutputsText, menuName, parseTimestamp, splitTimestamps } from './timestamps.ts';

describe('splitTimestamps', () => {
  it('finds m:ss, mm:ss and h:mm:ss, with or without brackets', () => {
    const parts = splitTimestamps('At 1:05 and [02:30], later 1:02:03. Done');
    expect(parts).toEqual([
      { kind: 'text', text: 'At ' },
      { kind: 'time', text: '1:05', seconds: 65 },
      { kind: 'text', text: ' and [' },
      { kind: 'time', text: '02:30', seconds: 150 },
      { kind: 'text', text: '], later ' },
      { kind: 'time', text: '1:02:03', seconds: 3723 },
      { kind: 'text', text: '. Done' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('At 1:05 and [02:30], later 1:02:03. Done');
  });

  it('leaves text without time stamps, invalid seconds and longer colon runs alone', () => {
    expect(splitTimestamps('no times here')).toEqual([{ kind: 'text', text: 'no times here' }]);
    expect(splitTimestamps('ratio 3:75 and 1:2:3:4 and 123:45').every((p) => p.kind === 'text')).toBe(true);
    expect(splitTimestamps('')).toEqual([]);
  });

  it('parses single time stamps', () => {
    expect(parseTimestamp('0:07')).toBe(7);
    expect(parseTimestamp('59:59')).toBe(3599);
    expect(parseTimestamp('2:00:01')).toBe(7201);
    expect(parseTimestamp('1:60')).toBeNull();
    expect(parseTimestamp('abc')).toBeNull();
  });
});

describe('menuName and combinedOutputsText', () => {
  it('cuts names at 30 characters', () => {
    expect(menuName('short')).toBe('short');
    expect(menuName('x'.repeat(30))).toBe('x'.repeat(30));
    expect(menuName('Extract all questions asked in the transcript')).toBe('Extract all questions asked in…');
  });

  it('joins outputs as time stamp, prompt, output, separated by dashes', () => {
    const text = combinedOutputsText(
      [
        { prompt: 'P1', output: 'O1', createdAt: 'a' },
        { prompt: 'P2', output: 'O2', createdAt: 'b' },
      ],
      (iso) => `T(${iso})`,
    );
    expect(text).toBe('T(a)\nP1\n\nO1\n\n---\n\nT(b)\nP2\n\nO2');
  });
});
