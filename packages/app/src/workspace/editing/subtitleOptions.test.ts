import { paths, subtitleDefaults } from '@scribe/api-client';
import { describe, expect, it } from 'vitest';
import { loadSubtitleOptions, normaliseSubtitleOptions, saveSubtitleOptions, SUBTITLE_OPTIONS_KEY } from './subtitleOptions.ts';

describe('subtitle options', () => {
  it('default to the subtitle conventions: 42 characters, 2 lines, 1 to 7 s, 20 characters a second', () => {
    expect(normaliseSubtitleOptions(null)).toEqual({
      maxLineChars: 42,
      maxLines: 2,
      minCueSeconds: 1,
      maxCueSeconds: 7,
      maxCharsPerSecond: 20,
    });
  });

  it("are brought into the server's ranges; a shortest cue not below the longest gives both defaults", () => {
    expect(
      normaliseSubtitleOptions({ maxLineChars: 500, maxLines: 0, minCueSeconds: 1.25, maxCueSeconds: 6, maxCharsPerSecond: 'x' }),
    ).toEqual({
      maxLineChars: 80,
      maxLines: 1,
      minCueSeconds: 1.3,
      maxCueSeconds: 6,
      maxCharsPerSecond: 20,
    });
    expect(normaliseSubtitleOptions({ minCueSeconds: 4, maxCueSeconds: 3 })).toMatchObject({ minCueSeconds: 1, maxCueSeconds: 7 });
  });

  it('are remembered on the device, and a damaged entry gives the defaults', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    saveSubtitleOptions(storage, { ...subtitleDefaults, maxLineChars: 32 });
    expect(loadSubtitleOptions(storage).maxLineChars).toBe(32);
    expect(paths.transcriptExport(5, 'srt', loadSubtitleOptions(storage))).toBe('/api/transcripts/5/export/srt?maxLineChars=32');
    map.set(SUBTITLE_OPTIONS_KEY, '{oops');
    expect(loadSubtitleOptions(storage)).toEqual(subtitleDefaults);
  });
});
