/**
 * Word times for a window's text: the aligner model (aligner-model.ts) run once over the window's audio
 * and its chosen text tokens, then dynamic time warping over the alignment heads (word-timing.ts).
 */
import type ort from 'onnxruntime-node';
import { readFile } from 'node:fs/promises';
import { lazyModule } from '../../../../lazy-module.ts';
import { buildAlignerModel, crossScoresOutput } from './aligner-model.ts';
import type { WhisperTokenizer } from './tokenizer.ts';
import { alignmentMatrix, SAMPLES_PER_FRAME, timeWords, TINY_EN_ALIGNMENT_HEADS, type LayerScores, type TimedWord } from './word-timing.ts';

const onnx = lazyModule<typeof ort>('onnxruntime-node');
const LAYERS = 4;

export class WordAligner {
  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: WhisperTokenizer,
  ) {}

  /** An aligner for the rewritten transcription model at `modelPath` (model.ts). */
  static async create(modelPath: string, tokenizer: WhisperTokenizer, threads = 1): Promise<WordAligner> {
    const model = buildAlignerModel(new Uint8Array(await readFile(modelPath)));
    const session = await onnx().InferenceSession.create(model, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      enableCpuMemArena: false,
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
    return new WordAligner(session, tokenizer);
  }

  /**
   * The words of `textTokens` (a window's text tokens, no special or timestamp tokens) with their times in
   * seconds from the start of `audio` (at most 30 s at 16 kHz).
   */
  async words(audio: Float32Array, textTokens: readonly number[]): Promise<TimedWord[]> {
    if (textTokens.length === 0) return [];
    const { startOfTranscript, noTimestamps, endOfText } = this.tokenizer.special;
    const ids = Int32Array.from([startOfTranscript, noTimestamps, ...textTokens, endOfText]);
    const output = await this.session.run({
      audio_pcm: new (onnx().Tensor)('float32', audio, [1, audio.length]),
      decoder_input_ids: new (onnx().Tensor)('int32', ids, [1, ids.length]),
    });
    const layers: LayerScores[] = Array.from({ length: LAYERS }, (_, layer) => {
      const scores = output[crossScoresOutput(layer)];
      return { data: scores.data as Float32Array, heads: scores.dims[1], tokens: scores.dims[2], frames: scores.dims[3] };
    });
    const matrix = alignmentMatrix(layers, TINY_EN_ALIGNMENT_HEADS, Math.ceil(audio.length / SAMPLES_PER_FRAME));
    // Rows from <|notimestamps|> (predicting the first text token) to the last text token (predicting end-of-text).
    return timeWords(matrix.slice(1, -1), textTokens, (tokens) => this.tokenizer.decode(tokens));
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
