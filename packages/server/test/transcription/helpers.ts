import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../fixtures/audio/', import.meta.url));
export const LIBRIVOX_CLIP = join(FIXTURES, 'librivox-sense-and-sensibility-0870');
export const LIBRIVOX_TEXT = readFileSync(`${LIBRIVOX_CLIP}.txt`, 'utf8').trim();

/** Synthetic speech with names tiny.en mishears without a custom vocabulary (fixtures README). */
export const NAMES_CLIP = join(FIXTURES, 'espeak-names.wav');
/** The names spoken in NAMES_CLIP, as its vocabulary. */
export const NAMES = ['Siobhan Kowalczyk', 'Anneliese Oyelaran', 'Zyntrix'];
/** The NAMES written right in a transcript. */
export const namesHeard = (transcript: string) => NAMES.filter((name) => transcript.includes(name));

/** Rewritten-model cache shared by the test files (the rewrite then runs once per machine). */
export const SHARED_MODEL_CACHE = join(tmpdir(), 'scribe-test-whisper-models');

export function tempDir(prefix = 'scribe-transcription-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A sine wave: `seconds` long at `sampleRate`. */
export function sine(frequency: number, sampleRate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return out;
}

/** Amplitude of the `frequency` component (single-bin DFT). */
export function amplitudeAt(samples: Float32Array, frequency: number, sampleRate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    const phase = (2 * Math.PI * frequency * i) / sampleRate;
    re += samples[i] * Math.cos(phase);
    im += samples[i] * Math.sin(phase);
  }
  return (2 * Math.hypot(re, im)) / samples.length;
}

/** Dominant frequency from upward zero crossings (for a clean tone). */
export function zeroCrossingFrequency(samples: Float32Array, sampleRate: number): number {
  const crossings: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    if (samples[i - 1] < 0 && samples[i] >= 0) crossings.push(i - samples[i] / (samples[i] - samples[i - 1]));
  }
  return ((crossings.length - 1) * sampleRate) / (crossings[crossings.length - 1] - crossings[0]);
}

export function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
