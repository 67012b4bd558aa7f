/**
 * Word times for a window's text: the split model's aligner (split-model.ts) run once over the window's
 * encoder states and its chosen text tokens, then dynamic time warping over the alignment heads
 * (word-timing.ts).
 */
import type ort from 'onnxruntime-node';
import { lazyModule } from '../../../../lazy-module.ts';
import { crossScoresOutput, ENCODER_FRAMES, ENCODER_STATES, ENCODER_WIDTH } from './split-model.ts';
import type { SpecialTokens, WhisperTokenizer } from './tokenizer.ts';
import {
  alignmentMatrix,
  firstFrames,
  SAMPLES_PER_FRAME,
  timeGroupWords,
  TINY_EN_ALIGNMENT_HEADS,
  type LayerScores,
  type TimedWord,
} from './word-timing.ts';

const onnx = lazyModule<typeof ort>('onnxruntime-node');
const LAYERS = 4;

/** The special tokens the aligner's input is made of. */
export type AlignerTokens = Pick<SpecialTokens, 'startOfTranscript' | 'noTimestamps' | 'endOfText'>;

export class WordAligner {
  constructor(
    private readonly session: ort.InferenceSession,
    private readonly special: AlignerTokens,
  ) {}

  /**
   * The first frame (20 ms each) of each of `textTokens` (a window's text tokens, no special or timestamp
   * tokens) and, last, of end-of-text. `states` are the window's encoder states; `samples` is how much
   * audio (16 kHz) the window holds, up to 30 s: the frames after it are padding.
   */
  async tokenFrames(states: Float32Array, samples: number, textTokens: readonly number[]): Promise<Int32Array> {
    if (textTokens.length === 0) return new Int32Array(0);
    const { startOfTranscript, noTimestamps, endOfText } = this.special;
    const ids = Int32Array.from([startOfTranscript, noTimestamps, ...textTokens, endOfText]);
    const output = await this.session.run({
      [ENCODER_STATES]: new (onnx().Tensor)('float32', states, [1, ENCODER_FRAMES, ENCODER_WIDTH]),
      decoder_input_ids: new (onnx().Tensor)('int32', ids, [1, ids.length]),
    });
    const layers: LayerScores[] = Array.from({ length: LAYERS }, (_, layer) => {
      const scores = output[crossScoresOutput(layer)];
      return { data: scores.data as Float32Array, heads: scores.dims[1], tokens: scores.dims[2], frames: scores.dims[3] };
    });
    const matrix = alignmentMatrix(layers, TINY_EN_ALIGNMENT_HEADS, Math.ceil(samples / SAMPLES_PER_FRAME));
    // Rows from <|notimestamps|> (predicting the first text token) to the last text token (predicting end-of-text).
    return firstFrames(matrix.slice(1, -1));
  }

  /** The words of `textTokens` with their times in seconds from the window's start (tokenFrames). */
  async words(states: Float32Array, samples: number, textTokens: readonly number[], tokenizer: WhisperTokenizer): Promise<TimedWord[]> {
    const frames = await this.tokenFrames(states, samples, textTokens);
    return textTokens.length ? timeGroupWords([textTokens], frames, (tokens) => tokenizer.decode(tokens))[0] : [];
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
