import { describe, expect, it } from 'vitest';
import { applyGain, levelGain, peakLevel, soundFrames } from '../../src/features/transcription/engines/whisper/level.ts';
import { concat, sine } from './helpers.ts';

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

  it('tells sound from near-silence per frame (the stand-in for the VAD when it is off)', () => {
    // 1 s of a quiet voice-level tone, 1 s of near-digital silence, 1 s of the tone 40 dB down.
    const frames = soundFrames(concat([sine(300, 16000, 1, 0.05), sine(300, 16000, 1, 1e-5), sine(300, 16000, 1, 0.0005)]), 512);
    const second = (i: number) => Array.from(frames.slice(Math.ceil((i * 16000) / 512), Math.floor(((i + 1) * 16000) / 512)));
    expect(second(0).every((f) => f === 1)).toBe(true);
    expect(second(1).every((f) => f === 0)).toBe(true); // below -60 dBFS
    expect(second(2).every((f) => f === 0)).toBe(true); // 40 dB under the loud parts
    // Steady noise alone counts as sound: telling it from speech is the VAD's job.
    expect(soundFrames(sine(300, 16000, 1, 0.01), 512).every((f) => f === 1)).toBe(true);
  });
});
