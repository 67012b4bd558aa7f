import { describe, expect, it } from 'vitest';
import { applyGain, levelGain, peakLevel } from '../../src/features/transcription/engines/whisper/level.ts';
import { sine } from './helpers.ts';

describe('input level', () => {
  it('measures the level of the loud parts, ignoring a few clicks', () => {
    const tone = sine(300, 16000, 2, 0.01);
    expect(peakLevel(tone)).toBeGreaterThan(0.0095);
    expect(peakLevel(tone)).toBeLessThan(0.0105);
    tone[100] = 0.9; // one click in 32000 samples stays under the 99.9 % quantile
    expect(peakLevel(tone)).toBeLessThan(0.0105);
    expect(peakLevel(new Float32Array(100))).toBe(0);
  });

  it('lifts quiet audio to a normal level, leaves normal and loud audio alone and caps the gain', () => {
    expect(levelGain(sine(300, 16000, 1, 0.01))).toBeGreaterThan(28);
    expect(levelGain(sine(300, 16000, 1, 0.01))).toBeLessThan(31);
    expect(levelGain(sine(300, 16000, 1, 0.15))).toBe(1);
    expect(levelGain(sine(300, 16000, 1, 0.8))).toBe(1);
    expect(levelGain(sine(300, 16000, 1, 1e-5))).toBe(100);
    expect(levelGain(new Float32Array(1000))).toBe(1);
    expect(Array.from(applyGain(Float32Array.from([0.1, -0.2]), 2))).toEqual([0.2, -0.4].map(Math.fround));
  });
});
