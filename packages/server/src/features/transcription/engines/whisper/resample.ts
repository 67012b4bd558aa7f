/**
 * Streaming band-limited resampler (polyphase windowed sinc, Kaiser window) and channel mixing.
 *
 * Whisper needs 16 kHz mono. Uploads arrive at 44.1/48 kHz (recordings), 8-24 kHz (phone, mp3), so the
 * ratio is rational but arbitrary. For out/in = L/M (reduced) output sample n sits at input position
 * n*M/L; its fractional part is one of L phases, each with a precomputed filter. Downsampling scales the
 * cut-off below the output Nyquist so high frequencies do not alias into the speech band.
 */

const ZERO_CROSSINGS = 12; // filter half-width in zero crossings of the cut-off: ~46 taps per output at 48k->16k
const KAISER_BETA = 8; // ~80 dB stop band
const CUTOFF = 0.94; // fraction of the lower Nyquist kept; the rest is the transition band
const MAX_PHASES = 1024; // odd rates (e.g. 44056 Hz) would need huge tables: quantise the phase instead

function besselI0(x: number): number {
  // Power series; converges fast for the arguments a Kaiser window needs.
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return channels[0];
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i] += channel[i];
  const scale = 1 / channels.length;
  for (let i = 0; i < length; i++) out[i] *= scale;
  return out;
}

export class Resampler {
  readonly inRate: number;
  readonly outRate: number;
  private readonly up: number; // L
  private readonly down: number; // M
  private readonly phases: number;
  private readonly half: number; // taps on each side of the centre
  private readonly table: Float32Array; // phases x (2*half) coefficients
  /** Input samples not yet fully used, preceded by `half` samples of history. */
  private buffer: Float32Array;
  private bufferStart: number; // absolute input index of buffer[0]
  private bufferLength = 0;
  private inputCount = 0;
  private outputCount = 0;

  constructor(inRate: number, outRate: number) {
    if (!(inRate > 0 && outRate > 0) || !Number.isInteger(inRate) || !Number.isInteger(outRate)) {
      throw new RangeError(`Unsupported sample rates ${inRate} -> ${outRate}`);
    }
    this.inRate = inRate;
    this.outRate = outRate;
    const g = gcd(inRate, outRate);
    this.up = outRate / g;
    this.down = inRate / g;
    this.phases = Math.min(this.up, MAX_PHASES);
    // Cut-off as a fraction of the input rate's Nyquist.
    const fc = CUTOFF * Math.min(1, outRate / inRate);
    this.half = Math.ceil(ZERO_CROSSINGS / fc);
    const taps = 2 * this.half;
    this.table = new Float32Array(this.phases * taps);
    const i0beta = besselI0(KAISER_BETA);
    const radius = this.half;
    for (let p = 0; p < this.phases; p++) {
      const frac = p / this.phases; // output lies frac input samples after the centre tap
      let sum = 0;
      for (let j = 0; j < taps; j++) {
        // tap j is input index (centre - half + 1 + j); distance from the output position:
        const x = j - this.half + 1 - frac;
        const r = x / radius;
        const w = Math.abs(r) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / i0beta;
        const arg = Math.PI * fc * x;
        const sinc = x === 0 ? 1 : Math.sin(arg) / arg;
        const h = fc * sinc * w;
        this.table[p * taps + j] = h;
        sum += h;
      }
      // Normalise each phase to unity DC gain so a constant stays constant.
      for (let j = 0; j < taps; j++) this.table[p * taps + j] /= sum;
    }
    // Start with `half` zeros of history so the first outputs see silence before the signal.
    this.buffer = new Float32Array(Math.max(4096, taps * 2));
    this.bufferStart = -this.half;
    this.bufferLength = this.half;
  }

  /** Number of output samples for a whole input of `inputLength` samples. */
  outputLengthFor(inputLength: number): number {
    return Math.round((inputLength * this.up) / this.down);
  }

  push(input: Float32Array): Float32Array {
    if (this.up === this.down) {
      this.inputCount += input.length;
      this.outputCount += input.length;
      return input.slice();
    }
    this.append(input);
    this.inputCount += input.length;
    return this.produce(false);
  }

  /** Emits the tail (treating the signal after the end as silence); the resampler is then spent. */
  flush(): Float32Array {
    if (this.up === this.down) return new Float32Array(0);
    this.append(new Float32Array(this.half + 1));
    return this.produce(true);
  }

  private append(input: Float32Array): void {
    if (this.bufferLength + input.length > this.buffer.length) {
      const next = new Float32Array(Math.max(this.buffer.length * 2, this.bufferLength + input.length));
      next.set(this.buffer.subarray(0, this.bufferLength));
      this.buffer = next;
    }
    this.buffer.set(input, this.bufferLength);
    this.bufferLength += input.length;
  }

  private produce(final: boolean): Float32Array {
    const taps = 2 * this.half;
    const available = this.bufferStart + this.bufferLength; // absolute index one past the last buffered input
    let n = this.outputCount;
    // Upper bound of outputs whose taps are all buffered (centre + half < available).
    let count = Math.max(0, Math.ceil(((available - this.half) * this.up) / this.down) - n + 1);
    if (final) count = Math.min(count, Math.max(0, this.outputLengthFor(this.inputCount) - n));
    const out = new Float32Array(count);
    let k = 0;
    for (; k < count; k++, n++) {
      // input position n*M/L = centre + phase/L
      const num = n * this.down;
      let centre = Math.floor(num / this.up);
      let phase = num % this.up;
      if (this.phases !== this.up) {
        phase = Math.round((phase / this.up) * this.phases);
        if (phase === this.phases) {
          phase = 0;
          centre++;
        }
      }
      if (centre + this.half >= available) break; // needs inputs not yet received
      const first = centre - this.half + 1 - this.bufferStart;
      const base = phase * taps;
      let acc = 0;
      for (let j = 0; j < taps; j++) acc += this.table[base + j] * this.buffer[first + j];
      out[k] = acc;
    }
    this.outputCount = n;
    // Drop inputs no future output needs (keep the taps left of the next centre).
    const keepFrom = Math.max(this.bufferStart, Math.floor((n * this.down) / this.up) - this.half);
    const drop = keepFrom - this.bufferStart;
    if (drop > 0) {
      this.buffer.copyWithin(0, drop, this.bufferLength);
      this.bufferLength -= drop;
      this.bufferStart = keepFrom;
    }
    return k === count ? out : out.slice(0, k);
  }
}

/** Whole-buffer convenience wrapper around the streaming resampler. */
export function resample(input: Float32Array, inRate: number, outRate: number): Float32Array {
  if (inRate === outRate) return input.slice();
  const r = new Resampler(inRate, outRate);
  const a = r.push(input);
  const b = r.flush();
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
