import { describe, expect, it } from 'vitest';
import {
  nextWindowStart,
  parseWindowTokens,
  speechRegionsFromProbabilities,
  splitAtPauses,
  windowEnd,
  type TokenKinds,
} from '../../src/features/transcription/engines/whisper/windows.ts';

// tiny.en ids: text < 50256, timestamps from 50363 in 0.02 s steps.
const TS = 50363;
const kinds: TokenKinds = {
  isTimestamp: (id) => id >= TS && id <= TS + 1500,
  timestampSeconds: (id) => Math.round((id - TS) * 2) / 100,
  isText: (id) => id >= 0 && id < 50256,
};
const t = (seconds: number) => TS + Math.round(seconds / 0.02);

describe('parseWindowTokens', () => {
  it('splits on timestamp pairs and takes the whole window when the output ends on a closing timestamp', () => {
    const tokens = [t(0), 10, 11, t(5.36), t(5.36), 12, t(6.8)];
    expect(parseWindowTokens(tokens, 30, kinds)).toEqual({
      segments: [
        { start: 0, end: 5.36, tokens: [10, 11] },
        { start: 5.36, end: 6.8, tokens: [12] },
      ],
      advance: 30,
    });
  });

  it('drops a segment cut off at the window end and resumes at the last complete timestamp', () => {
    const tokens = [t(0.5), 10, t(12), t(12.4), 11, t(24.2), t(24.2), 12, 13];
    const parsed = parseWindowTokens(tokens, 30, kinds);
    expect(parsed.segments).toEqual([
      { start: 0.5, end: 12, tokens: [10] },
      { start: 12.4, end: 24.2, tokens: [11] },
    ]);
    expect(parsed.advance).toBe(24.2);
  });

  it('resumes at an opening timestamp when the output stops right after a pair', () => {
    const parsed = parseWindowTokens([t(0), 10, t(8), t(8)], 30, kinds);
    expect(parsed.segments).toEqual([{ start: 0, end: 8, tokens: [10] }]);
    expect(parsed.advance).toBe(8);
  });

  it('keeps text without any complete segment as one segment instead of looping on the same audio', () => {
    expect(parseWindowTokens([t(1), 10, 11], 30, kinds)).toEqual({ segments: [{ start: 1, end: 30, tokens: [10, 11] }], advance: 30 });
    expect(parseWindowTokens([10, 11], 12.5, kinds)).toEqual({ segments: [{ start: 0, end: 12.5, tokens: [10, 11] }], advance: 12.5 });
  });

  it('skips a window in which nothing is said', () => {
    expect(parseWindowTokens([], 30, kinds)).toEqual({ segments: [], advance: 30 });
    expect(parseWindowTokens([t(0)], 30, kinds)).toEqual({ segments: [], advance: 30 });
  });

  it('clamps timestamps to the audio in a short last window and ignores other special tokens', () => {
    const parsed = parseWindowTokens([50257, t(0), 10, 50362, t(9)], 4.2, kinds);
    expect(parsed).toEqual({ segments: [{ start: 0, end: 4.2, tokens: [10] }], advance: 4.2 });
  });
});

describe('speech regions and window placement', () => {
  const frame = 512;
  it('joins speech frames, bridges short pauses and drops clicks', () => {
    const p = [0, 0, 0.9, 0.8, 0.2, 0.9, 0, 0, 0, 0, 0.95, 0, 0, 0, 0, 0.7, 0.7, 0.7];
    // gaps < 2 frames bridged, regions < 2 frames dropped
    expect(speechRegionsFromProbabilities(p, frame, 0.5, 2, 2)).toEqual([
      { start: 2 * frame, end: 6 * frame },
      { start: 15 * frame, end: 18 * frame },
    ]);
  });

  const sr = 16000;
  const regions = [
    { start: 1 * sr, end: 7 * sr },
    { start: 27 * sr, end: 33 * sr },
    { start: 34 * sr, end: 40 * sr },
  ];
  const pad = 0.3 * sr;
  const minSkip = 2 * sr;

  it('jumps over long silences to just before the next speech', () => {
    expect(nextWindowStart(0, regions, 60 * sr, pad, minSkip)).toBe(0); // 1 s of silence: not worth skipping
    expect(nextWindowStart(7.5 * sr, regions, 60 * sr, pad, minSkip)).toBe(27 * sr - pad);
    expect(nextWindowStart(30 * sr, regions, 60 * sr, pad, minSkip)).toBe(30 * sr); // inside speech
    expect(nextWindowStart(40 * sr, regions, 60 * sr, pad, minSkip)).toBe(60 * sr); // only silence left
    expect(nextWindowStart(59 * sr, regions, 60 * sr, pad, minSkip)).toBe(59 * sr); // too little left to matter
  });

  it('ends a window after the last speech when a long silence follows, else after 30 s', () => {
    const max = 30 * sr;
    expect(windowEnd(0, regions, 60 * sr, max, pad, minSkip)).toBe(7 * sr + pad);
    // 33 -> 34 s is a short pause: one window through both regions, up to the end of speech.
    expect(windowEnd(27 * sr - pad, regions, 60 * sr, max, pad, minSkip)).toBe(40 * sr + pad);
    // Speech running past 30 s: a full window.
    expect(windowEnd(0, [{ start: 0, end: 50 * sr }], 60 * sr, max, pad, minSkip)).toBe(max);
    // No VAD information: the full window (or the end of the audio).
    expect(windowEnd(0, [], 20 * sr, max, pad, minSkip)).toBe(20 * sr);
  });
});

describe('splitAtPauses', () => {
  const SR = 16000;
  const sec = (x: number) => x * SR;
  // Ten 20 s stretches of speech, each followed by a 1 s pause: 210 s.
  const regions = Array.from({ length: 10 }, (_, i) => ({ start: sec(i * 21), end: sec(i * 21 + 20) }));
  const total = sec(210);

  it('cuts in the middle of a pause so that the parts hold about the same speech', () => {
    expect(splitAtPauses(regions, total, 2, sec(30))).toEqual([0, sec(104.5), total]);
    const three = splitAtPauses(regions, total, 3, sec(30));
    expect(three).toHaveLength(4);
    // Every cut lies inside a pause, never inside speech.
    for (const cut of three.slice(1, -1)) expect(regions.some((r) => cut > r.start && cut < r.end)).toBe(false);
    expect(three.slice(1, -1).map((c) => c / SR)).toEqual([62.5, 146.5]);
  });

  it('keeps a recording whole when it is too short to be worth a cut or has no pause', () => {
    expect(splitAtPauses(regions.slice(0, 2), sec(41), 2, sec(30))).toEqual([0, sec(41)]);
    expect(splitAtPauses([{ start: 0, end: sec(200) }], sec(200), 2, sec(30))).toEqual([0, sec(200)]);
    expect(splitAtPauses(regions, total, 1, sec(30))).toEqual([0, total]);
    expect(splitAtPauses([], total, 2, sec(30))).toEqual([0, total]);
  });

  it('makes its first cut no earlier than asked (a head start keeps its windows in the first part)', () => {
    // Balanced, the first cut is at 104.5 s; not before 150 s, it is the first pause after that.
    expect(splitAtPauses(regions, total, 2, sec(30), sec(150))).toEqual([0, sec(167.5), total]);
    // The later cuts follow it in order.
    const three = splitAtPauses(regions, total, 3, sec(30), sec(100));
    expect(three.slice(1, -1).map((c) => c / SR)).toEqual([104.5, 146.5]);
    // No pause that late: one part.
    expect(splitAtPauses(regions, total, 2, sec(30), sec(209))).toEqual([0, total]);
  });

  it('never makes more parts than the speech fills with the minimum, and parts are in order', () => {
    const bounds = splitAtPauses(regions, total, 8, sec(30));
    expect(bounds).toHaveLength(1 + Math.floor(200 / 30));
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    expect(new Set(bounds).size).toBe(bounds.length);
  });
});
