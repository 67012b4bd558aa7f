/**
 * Input level. Whisper's log-mel front end is not level-invariant: the LibriVox clips at -24 dBFS RMS
 * transcribe perfectly down to a gain of 0.1, and nothing at all comes out at 0.05 or below (measured,
 * with and without VAD). Quiet recordings (a distant laptop microphone) are common, so each window is
 * brought up to a normal level before it reaches the model. Loud input is left alone: Whisper copes
 * with clipping far better than with quiet.
 * Measured on the five LibriVox clips (loud parts at 0.2-0.4 of full scale): unchanged at gains 0.1 to 4.
 */

/** Level of the loud parts: the given quantile of |x|, from a log-spaced histogram (16 bins per octave). */
export function peakLevel(samples: Float32Array, quantile = 0.999): number {
  const BINS_PER_OCTAVE = 16;
  const OCTAVES = 24; // down to 2^-24, below 16-bit resolution
  const bins = new Uint32Array(BINS_PER_OCTAVE * OCTAVES + 1);
  let counted = 0;
  for (let i = 0; i < samples.length; i++) {
    const a = Math.abs(samples[i]);
    if (a === 0) continue;
    const bin = Math.max(0, Math.min(bins.length - 1, Math.floor((Math.log2(Math.min(a, 1)) + OCTAVES) * BINS_PER_OCTAVE)));
    bins[bin]++;
    counted++;
  }
  if (counted === 0) return 0;
  const wanted = Math.ceil(counted * (1 - quantile));
  let above = 0;
  for (let bin = bins.length - 1; bin >= 0; bin--) {
    above += bins[bin];
    if (above >= wanted) return 2 ** ((bin + 1) / BINS_PER_OCTAVE - OCTAVES); // upper edge of the bin
  }
  return 0;
}

/**
 * Gain for one stretch of audio: 1 unless it is quiet (loud parts below `quietBelow`), then enough to
 * bring the loud parts to `target`, at most `maxGain`. Normal levels are left exactly as they are:
 * lifting a clip already at a normal level changed words ("ill-disposed" -> "old-sposed" at x2.4).
 */
export function levelGain(samples: Float32Array, options: { quietBelow?: number; target?: number; maxGain?: number } = {}): number {
  const { quietBelow = 0.1, target = 0.3, maxGain = 100 } = options;
  const level = peakLevel(samples);
  if (level === 0 || level >= quietBelow) return 1;
  return Math.max(1, Math.min(maxGain, target / level));
}

/** Multiplies in place and returns the same array. */
export function applyGain(samples: Float32Array, gain: number): Float32Array {
  if (gain !== 1) for (let i = 0; i < samples.length; i++) samples[i] *= gain;
  return samples;
}

/** Sound below this RMS (-60 dBFS) is silence whatever the recording's level. */
const SILENCE_RMS = 0.001;

/**
 * 1 per frame of `frameSamples` with sound, 0 for near-silence: the stand-in for the VAD's speech
 * probability when the VAD is off. A frame has sound when its RMS is above -60 dBFS and within 30 dB
 * of the loud parts of `samples` (peakLevel). It finds pauses and digital silence; steady noise counts
 * as sound (telling noise from speech is what the VAD is for).
 */
export function soundFrames(samples: Float32Array, frameSamples: number): Float32Array {
  const floor = Math.max(SILENCE_RMS, peakLevel(samples) * 0.03);
  const out = new Float32Array(Math.ceil(samples.length / frameSamples));
  for (let f = 0; f < out.length; f++) {
    let sum = 0;
    const from = f * frameSamples;
    const to = Math.min(samples.length, from + frameSamples);
    for (let i = from; i < to; i++) sum += samples[i] * samples[i];
    out[f] = Math.sqrt(sum / Math.max(1, to - from)) >= floor ? 1 : 0;
  }
  return out;
}
