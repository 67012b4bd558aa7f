import { describe, expect, it } from 'vitest';
import {
  defaultSubtitleOptions,
  loadSubtitleOptions,
  normaliseSubtitleOptions,
  saveSubtitleOptions,
  subtitleQuery,
  SUBTITLE_OPTIONS_KEY,
} from './subtitleOptions.ts';

describe('subtitle options', () => {
  it('default to the subtitle conventions: 42 characters, 2 lines, 1 to 7 s, 20 characters a second', () => {
    expect(defaultSubtitleOptions).toEqual({ maxLineChars: 42, maxLines: 2, minCueSeconds: 1, maxCueSeconds: 7, maxCharsPerSecond: 20 });
    expect(subtitleQuery(defaultSubtitleOptions)).toBe('');
  });

  it('are clamped into range, rounded to their step, and never ask for a longest cue below the shortest', () => {
    expect(normaliseSubtitleOptions({ maxLineChars: 500, maxLines: 0, minCueSeconds: 4.3, maxCueSeconds: 2, maxCharsPerSecond: 'x' })).toEqual({
      maxLineChars: 80,
      maxLines: 1,
      minCueSeconds: 4.5,
      maxCueSeconds: 4.5,
      maxCharsPerSecond: 20,
    });
    expect(normaliseSubtitleOptions(null)).toEqual(defaultSubtitleOptions);
  });

  it('are remembered on the device, and a damaged entry gives the defaults', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    saveSubtitleOptions(storage, { ...defaultSubtitleOptions, maxLineChars: 32 });
    expect(loadSubtitleOptions(storage).maxLineChars).toBe(32);
    map.set(SUBTITLE_OPTIONS_KEY, '{oops');
    expect(loadSubtitleOptions(storage)).toEqual(defaultSubtitleOptions);
  });

  it('go in the export query when they differ from the defaults', () => {
    expect(subtitleQuery({ ...defaultSubtitleOptions, maxLineChars: 32, maxCueSeconds: 6.5 })).toBe('?maxLineChars=32&maxCueSeconds=6.5');
  });
});
