import { describe, expect, it } from 'vitest';
import { plausibleWavHeader } from '../../src/features/uploads/audio-header.ts';
import { chunk, wavFile } from '../support/wav-builder.ts';

// The upload's check of a WAV header before anything is stored (features/uploads/audio-header.ts).
const data = Buffer.alloc(3200);
const head = (file: Buffer) => file.subarray(0, 4096);

describe('plausibleWavHeader', () => {
  it('accepts what real recordings declare: 8 to 192 kHz, 1 to 8 channels, PCM 8-32 bit, float 32/64 bit', () => {
    for (const spec of [
      { sampleRate: 8000 },
      { sampleRate: 44100, channels: 2 },
      { sampleRate: 192000, channels: 8, bits: 24 },
      { bits: 8 },
      { bits: 32 },
      { tag: 3, bits: 32 },
      { tag: 3, bits: 64, channels: 2 },
    ]) {
      expect(plausibleWavHeader(head(wavFile({ ...spec, data }))), JSON.stringify(spec)).toBe(true);
    }
  });

  it('refuses sample rates, channel counts and sample sizes no real audio has', () => {
    for (const spec of [
      { sampleRate: 1 },
      { sampleRate: 7999 },
      { sampleRate: 192001 },
      { sampleRate: 0xffffffff, byteRate: 0 },
      { channels: 0 },
      { channels: 9 },
      { bits: 12 },
      { tag: 3, bits: 16 },
      { blockAlign: 7 },
      { byteRate: 1 },
    ]) {
      expect(plausibleWavHeader(head(wavFile({ ...spec, data }))), JSON.stringify(spec)).toBe(false);
    }
  });

  it('finds the fmt chunk after other chunks, and leaves to the decoder what it cannot see', () => {
    const junk = chunk('JUNK', Buffer.alloc(27));
    expect(plausibleWavHeader(head(wavFile({ sampleRate: 1, before: [junk], data })))).toBe(false);
    expect(plausibleWavHeader(head(wavFile({ sampleRate: 48000, before: [junk], data })))).toBe(true);
    // A fmt chunk beyond the first 4 KB (after a large bext chunk) cannot be judged here.
    expect(plausibleWavHeader(head(wavFile({ sampleRate: 1, before: [chunk('bext', Buffer.alloc(5000))], data })))).toBe(true);
    expect(plausibleWavHeader(Buffer.from('ID3\u0004 not a wav'))).toBe(true);
  });
});
