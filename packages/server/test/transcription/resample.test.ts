import { describe, expect, it } from 'vitest';
import { mixToMono, resample, Resampler } from '../../src/features/transcription/engines/whisper/resample.ts';
import { amplitudeAt, concat, sine, zeroCrossingFrequency } from './helpers.ts';

describe('resampler', () => {
  it.each([
    [44100, 1000],
    [48000, 3000],
    [22050, 440],
    [8000, 440],
    [44056, 1234], // an odd rate: phases are quantised
  ])('keeps the frequency, amplitude and length of a sine from %i Hz to 16 kHz (%i Hz tone)', (inRate, frequency) => {
    const input = sine(frequency, inRate, 2);
    const output = resample(input, inRate, 16000);
    expect(output.length).toBe(32000);
    const middle = output.subarray(1000, output.length - 1000);
    expect(zeroCrossingFrequency(middle, 16000)).toBeCloseTo(frequency, 1);
    expect(amplitudeAt(middle, frequency, 16000)).toBeCloseTo(0.5, 2);
    // Sample by sample against the ideal tone at 16 kHz.
    let worst = 0;
    for (let i = 1000; i < output.length - 1000; i++) {
      worst = Math.max(worst, Math.abs(output[i] - 0.5 * Math.sin((2 * Math.PI * frequency * i) / 16000)));
    }
    expect(worst).toBeLessThan(1e-3);
  });

  it('removes tones above the new Nyquist frequency instead of folding them into speech', () => {
    // 10 kHz at 48 kHz would alias to 6 kHz without the low-pass filter.
    const output = resample(sine(10000, 48000, 1), 48000, 16000);
    const middle = output.subarray(500, output.length - 500);
    expect(amplitudeAt(middle, 6000, 16000)).toBeLessThan(1e-3);
    expect(Math.max(...middle.map(Math.abs))).toBeLessThan(1e-3);
  });

  it('gives the same samples when fed in uneven chunks as in one piece', () => {
    const input = sine(700, 44100, 1.5);
    const whole = resample(input, 44100, 16000);
    const r = new Resampler(44100, 16000);
    const parts: Float32Array[] = [];
    for (let i = 0, size = 1; i < input.length; i += size, size = (size * 7 + 3) % 5000 || 1) {
      parts.push(r.push(input.subarray(i, i + size)));
    }
    parts.push(r.flush());
    const chunked = concat(parts);
    expect(chunked.length).toBe(whole.length);
    for (let i = 0; i < whole.length; i++) expect(chunked[i]).toBeCloseTo(whole[i], 6);
  });

  it('upsamples too and keeps a constant constant', () => {
    const output = resample(new Float32Array(8000).fill(0.25), 8000, 16000);
    expect(output.length).toBe(16000);
    for (let i = 200; i < output.length - 200; i++) expect(output[i]).toBeCloseTo(0.25, 4);
  });

  it('passes 16 kHz through unchanged', () => {
    const input = sine(440, 16000, 0.5);
    expect(Array.from(resample(input, 16000, 16000))).toEqual(Array.from(input));
  });

  it('mixes channels by averaging them', () => {
    const left = Float32Array.from([1, 0.5, -1]);
    const right = Float32Array.from([0, 0.5, 1]);
    expect(Array.from(mixToMono([left, right]))).toEqual([0.5, 0.5, 0]);
    expect(mixToMono([left])).toBe(left);
  });
});
