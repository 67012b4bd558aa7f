import FFT from 'fft.js';

/**
 * Mel-frequency cepstra of 16 kHz audio: what speaker detection compares. A voice's cepstra (the shape
 * of its spectrum, set by the vocal tract) spread differently from another voice's whatever the words,
 * which is why they are the classic speaker features where no trained speaker model is at hand.
 * 25 ms Hann windows every 10 ms, pre-emphasis 0.97, 40 mel bands from 60 Hz to 7.6 kHz, cepstra c1..c13
 * (c0, the loudness, left out: a speaker is not their loudness), and each frame's mean log band energy
 * to tell speech from pauses.
 */
export const CEPSTRA = 13;
export const HOP_SAMPLES = 160;
export const FRAMES_PER_SECOND = 100;
const SAMPLE_RATE = 16000;
const WINDOW = 400;
const FFT_SIZE = 512;
const BANDS = 40;
const MIN_HZ = 60;
const MAX_HZ = 7600;
export interface Cepstra {
  /** Frame count; frame i covers samples [i·160, i·160 + 400). */
  count: number;
  /** count × CEPSTRA, row by row. */
  values: Float32Array;
  /** Each frame's mean log band energy (natural log). */
  energy: Float32Array;
}

const toMel = (hz: number) => 1127 * Math.log(1 + hz / 700);
const fromMel = (mel: number) => 700 * (Math.exp(mel / 1127) - 1);

interface Band {
  first: number;
  weights: Float64Array;
}

/** Triangular mel filters over the FFT bins, each as its first bin and weights. */
function melBands(): Band[] {
  const edges = Array.from({ length: BANDS + 2 }, (_, i) => fromMel(toMel(MIN_HZ) + ((toMel(MAX_HZ) - toMel(MIN_HZ)) * i) / (BANDS + 1)));
  const binHz = SAMPLE_RATE / FFT_SIZE;
  return Array.from({ length: BANDS }, (_, m) => {
    const [low, centre, high] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const first = Math.ceil(low / binHz);
    const last = Math.floor(high / binHz);
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let k = first; k <= last; k++) {
      const hz = k * binHz;
      weights[k - first] = hz <= centre ? (hz - low) / (centre - low) : (high - hz) / (high - centre);
    }
    return { first, weights };
  });
}

let tables: { bands: Band[]; hann: Float64Array; dct: Float64Array; fft: FFT } | undefined;
function shared() {
  tables ??= {
    bands: melBands(),
    hann: Float64Array.from({ length: WINDOW }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (WINDOW - 1))),
    dct: Float64Array.from({ length: CEPSTRA * BANDS }, (_, i) =>
      Math.cos((Math.PI * (Math.floor(i / BANDS) + 1) * ((i % BANDS) + 0.5)) / BANDS),
    ),
    fft: new FFT(FFT_SIZE),
  };
  return tables;
}

/** Read-only 16 kHz mono audio, in memory or on disk (the engine's Pcm). */
export interface SampleSource {
  readonly length: number;
  read(start: number, end: number): Promise<Float32Array>;
}

/** Frames per read: a minute of audio, so a long recording is never in memory at once. */
const CHUNK_FRAMES = 6000;

/**
 * The cepstra of 16 kHz mono audio, read a minute at a time. About 1 s of work per 5 minutes of audio on
 * one core; 14 floats per 10 ms (20 MB an hour) kept.
 */
export async function readCepstra(source: SampleSource): Promise<Cepstra> {
  const count = source.length < WINDOW ? 0 : Math.floor((source.length - WINDOW) / HOP_SAMPLES) + 1;
  const out: Cepstra = { count, values: new Float32Array(count * CEPSTRA), energy: new Float32Array(count) };
  for (let first = 0; first < count; first += CHUNK_FRAMES) {
    const frames = Math.min(CHUNK_FRAMES, count - first);
    // One sample before the chunk, for the pre-emphasis of its first frame.
    const from = Math.max(0, first * HOP_SAMPLES - 1);
    const samples = await source.read(from, (first + frames - 1) * HOP_SAMPLES + WINDOW);
    fillFrames(out, samples, first * HOP_SAMPLES - from, first, frames);
  }
  return out;
}

/** Frames [first, first + frames) of `out`, from `samples` whose index `offset` is frame `first`'s start. */
function fillFrames(out: Cepstra, samples: Float32Array, offset: number, first: number, frames: number): void {
  const { bands, hann, dct, fft } = shared();
  const { values, energy } = out;
  const frame = new Float64Array(FFT_SIZE);
  const spectrum: number[] = fft.createComplexArray();
  const logBands = new Float64Array(BANDS);
  for (let k = 0; k < frames; k++) {
    const f = first + k;
    const at = offset + k * HOP_SAMPLES;
    for (let i = 0; i < WINDOW; i++) frame[i] = (samples[at + i]! - 0.97 * (at + i > 0 ? samples[at + i - 1]! : 0)) * hann[i]!;
    fft.realTransform(spectrum, frame);
    let total = 0;
    for (let m = 0; m < BANDS; m++) {
      const { first: bin, weights } = bands[m]!;
      let sum = 0;
      for (let w = 0; w < weights.length; w++) {
        const re = spectrum[2 * (bin + w)]!;
        const im = spectrum[2 * (bin + w) + 1]!;
        sum += weights[w]! * (re * re + im * im);
      }
      logBands[m] = Math.log(sum + 1e-10);
      total += logBands[m]!;
    }
    energy[f] = total / BANDS;
    for (let q = 0; q < CEPSTRA; q++) {
      let c = 0;
      for (let m = 0; m < BANDS; m++) c += logBands[m]! * dct[q * BANDS + m]!;
      values[f * CEPSTRA + q] = c;
    }
  }
}
