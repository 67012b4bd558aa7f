import { uploadLimits } from '@scribe/api-client';

/** Bytes of a file's start read for the header check (a WAV's `fmt ` chunk may follow JUNK or bext chunks). */
export const HEADER_BYTES = 4096;

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_ALAW = 6;
const WAVE_FORMAT_MULAW = 7;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Whether a declared sample rate and channel count lie within what the server transcribes. */
export function plausibleStream(sampleRate: number, channels: number): boolean {
  return (
    Number.isFinite(sampleRate) &&
    sampleRate >= uploadLimits.minSampleRate &&
    sampleRate <= uploadLimits.maxSampleRate &&
    Number.isInteger(channels) &&
    channels >= 1 &&
    channels <= uploadLimits.maxChannels
  );
}

/**
 * Whether a WAV file's `fmt ` chunk, when it is within `head`, declares something that can be real
 * audio: a sample rate of 8 to 192 kHz, 1 to 8 channels, a sample size that fits its encoding, and
 * block align and byte rate that agree with them. A header the check cannot see (not a WAV, or the
 * chunk beyond `head`) passes: the decoder checks the stream again (engines/whisper/audio.ts).
 */
export function plausibleWavHeader(head: Uint8Array): boolean {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const ascii = (at: number, text: string) => [...text].every((c, i) => head[at + i] === c.charCodeAt(0));
  if (head.length < 12 || !(ascii(0, 'RIFF') || ascii(0, 'RF64')) || !ascii(8, 'WAVE')) return true;
  let at = 12;
  while (at + 8 <= head.length) {
    const size = view.getUint32(at + 4, true);
    if (ascii(at, 'fmt ')) {
      if (size < 16 || at + 8 + 16 > head.length) return size >= 16;
      const tag = view.getUint16(at + 8, true);
      const channels = view.getUint16(at + 10, true);
      const sampleRate = view.getUint32(at + 12, true);
      const byteRate = view.getUint32(at + 16, true);
      const blockAlign = view.getUint16(at + 20, true);
      const bits = view.getUint16(at + 22, true);
      if (!plausibleStream(sampleRate, channels)) return false;
      const encoding = tag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && at + 8 + 26 <= head.length ? view.getUint16(at + 8 + 24, true) : tag;
      const sizes: Record<number, number[]> = {
        [WAVE_FORMAT_PCM]: [8, 16, 24, 32],
        [WAVE_FORMAT_IEEE_FLOAT]: [32, 64],
        [WAVE_FORMAT_ALAW]: [8],
        [WAVE_FORMAT_MULAW]: [8],
      };
      const allowed = sizes[encoding];
      // Compressed encodings (ADPCM and others) have their own block layout: rate and channels only.
      if (!allowed) return true;
      if (!allowed.includes(bits)) return false;
      return blockAlign === (channels * bits) / 8 && byteRate === sampleRate * blockAlign;
    }
    // Chunks are padded to an even size.
    at += 8 + size + (size % 2);
  }
  return true;
}
