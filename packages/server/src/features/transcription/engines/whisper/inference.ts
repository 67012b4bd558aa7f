/**
 * One Whisper window and one VAD block through onnxruntime-node: what the engine runs either in its own
 * process (one session) or in its inference processes (inference-host.ts), with the same tensors.
 */
import type ort from 'onnxruntime-node';
import { lazyModule } from '../../../../lazy-module.ts';

// Loaded where an inference runs (the inference processes, or the former in-process path), not in every server.
const onnx = lazyModule<typeof ort>('onnxruntime-node');
import type { SpecialTokens } from './tokenizer.ts';
import { TOKEN_SCORES_OUTPUT } from './model.ts';
import { ENCODER_STATES, SEARCH_FEATURES, STATES_AS_FEATURES, type SplitModelPaths } from './split-model.ts';
import { WordAligner, type AlignerTokens } from './word-aligner.ts';
import { SileroVad } from './vad.ts';
import { SAMPLE_RATE, type Pcm } from './audio.ts';

// Tokens per window, prompt included: half the decoder's 448-token context, as Whisper's reference decoder
// (sample_len). A 30 s window of speech needs ~100-150; only runaway repetitions get near it. Measured on
// the 316 s bench recording: the same text, 6 % less CPU and 45 MB less peak memory than 448 (the beam
// search sizes its per-step scores by this length).
const MAX_LENGTH = 224;
// The decoder's context: a previous-context prompt (a user's vocabulary) may take up to half of it, as
// in Whisper's reference decoder (n_ctx // 2 - 1 prompt tokens after <|startofprev|>).
export const DECODER_CONTEXT = 448;

export interface WindowRequest {
  audio: Float32Array;
  /**
   * Prompt ids: optionally <|startofprev|> and previous-context text tokens, then start of transcript,
   * and no-timestamps when timestamps are off.
   */
  prompt: number[];
  /** How many of the prompt's ids are previous context (before start of transcript); 0 or unset: none. */
  context?: number;
  beams: number;
  timestamps: boolean;
  /** Time the window's words too (a split model's aligner): the reply then has `tokenFrames`. */
  words?: boolean;
}

export interface WindowReply {
  /** The whole generated sequence, prompt included. */
  sequence: Int32Array;
  /** The graph's `token_scores` (running log-probability sums, model.ts). */
  tokenScores: Float32Array;
  /**
   * With `words`: the first frame (20 ms) of each text token generated before end-of-text, in order, and
   * last of end-of-text (word-aligner.ts); word-timing.ts makes words of them.
   */
  tokenFrames?: Int32Array;
}

/** Which ids may be generated: the slice of special tokens between end-of-text and the timestamps never. */
export interface VocabMaskSpec {
  size: number;
  blockedFrom: number;
  blockedTo: number;
}

/**
 * Special tokens between end-of-text and the timestamps (start-of-transcript, the language and task tokens,
 * <|nospeech|>, <|notimestamps|>) are never text. Whisper's reference decoder suppresses them; without
 * that, tiny.en sometimes answered a whole window of clear speech with <|nospeech|> alone (measured on
 * a clip repeated four times: 30 s of speech lost).
 */
export function vocabMaskSpec(special: SpecialTokens): VocabMaskSpec {
  return { size: special.lastTimestamp + 1, blockedFrom: special.endOfText + 1, blockedTo: special.firstTimestamp };
}

/** A session for a model file, or for a model's bytes (the split models in tests, split-model.ts). */
export async function createWhisperSession(model: string | Uint8Array, threads: number): Promise<ort.InferenceSession> {
  const options: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Without the arena, memory goes back after each window: measured on the tutorial clip, the
    // process stayed at 303 MB after a transcription instead of 507 MB, at the same speed.
    enableCpuMemArena: false,
    // Spinning worker threads doubled the CPU time per window and, with the web server or another
    // process on the same 2 cores, more than doubled the wall time (measured: 0.85 -> 1.8 CPU s).
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
  return typeof model === 'string' ? onnx().InferenceSession.create(model, options) : onnx().InferenceSession.create(model, options);
}

/** A split model's encoder (split-model.ts): a window's audio (up to 30 s at 16 kHz) to its encoder states (1500 × 384). */
export async function encodeWindow(encoder: ort.InferenceSession, audio: Float32Array): Promise<Float32Array> {
  const output = await encoder.run({ audio_pcm: new (onnx().Tensor)('float32', audio, [1, audio.length]) });
  return output[ENCODER_STATES].data as Float32Array;
}

/** A session with its constant inputs. */
export class WhisperRunner {
  private readonly mask: ort.Tensor;
  constructor(
    readonly session: ort.InferenceSession,
    mask: VocabMaskSpec,
  ) {
    const values = new Int32Array(mask.size).fill(1);
    values.fill(0, mask.blockedFrom, mask.blockedTo);
    this.mask = new (onnx().Tensor)('int32', values, [values.length]);
  }

  /** onnxruntime-node runs this synchronously on the calling thread (its promise only defers the start). */
  async run(request: WindowRequest): Promise<WindowReply> {
    const { audio } = request;
    return this.search({ audio_pcm: new (onnx().Tensor)('float32', audio, [1, audio.length]) }, request);
  }

  /**
   * The same with a split model's search session (split-model.ts): the window's encoder states
   * (1500 × 384, from the split encoder) in place of its audio.
   */
  async runOnStates(states: Float32Array, request: Omit<WindowRequest, 'audio'>): Promise<WindowReply> {
    return this.search({ [SEARCH_FEATURES]: new (onnx().Tensor)('float32', states, [...STATES_AS_FEATURES]) }, request);
  }

  private async search(
    first: Record<string, ort.Tensor>,
    { prompt, context = 0, beams, timestamps }: Omit<WindowRequest, 'audio'>,
  ): Promise<WindowReply> {
    const int32 = (values: number[], dims = [values.length]) => new (onnx().Tensor)('int32', Int32Array.from(values), dims);
    const float32 = (value: number) => new (onnx().Tensor)('float32', Float32Array.from([value]), [1]);
    const output = await this.session.run({
      ...first,
      // The previous context does not shorten what the window may write.
      max_length: int32([Math.min(DECODER_CONTEXT, MAX_LENGTH + context)]),
      min_length: int32([0]),
      num_beams: int32([beams]),
      num_return_sequences: int32([1]),
      length_penalty: float32(1),
      repetition_penalty: float32(1),
      vocab_mask: this.mask,
      decoder_input_ids: int32(prompt, [1, prompt.length]),
      logits_processor: int32([timestamps ? 1 : 0]),
    });
    return { sequence: output.sequences.data as Int32Array, tokenScores: output[TOKEN_SCORES_OUTPUT].data as Float32Array };
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/**
 * A window through the split model (split-model.ts): the encoder once, the beam search on its states and,
 * when the request asks for words, the word aligner on the same states.
 */
export class SplitWindowRunner {
  private constructor(
    private readonly encoder: ort.InferenceSession,
    private readonly search: WhisperRunner,
    private readonly aligner: WordAligner,
    private readonly special: AlignerTokens,
  ) {}

  static async create(paths: SplitModelPaths, threads: number, mask: VocabMaskSpec, special: AlignerTokens): Promise<SplitWindowRunner> {
    const [encoder, search, aligner] = await Promise.all(
      [paths.encoder, paths.search, paths.aligner].map((path) => createWhisperSession(path, threads)),
    );
    return new SplitWindowRunner(encoder, new WhisperRunner(search, mask), new WordAligner(aligner, special), special);
  }

  async run(request: WindowRequest): Promise<WindowReply> {
    const states = await encodeWindow(this.encoder, request.audio);
    const reply = await this.search.runOnStates(states, request);
    if (!request.words) return reply;
    const text: number[] = [];
    for (let i = request.prompt.length; i < reply.sequence.length && reply.sequence[i] !== this.special.endOfText; i++) {
      if (reply.sequence[i] < this.special.endOfText) text.push(reply.sequence[i]);
    }
    return { ...reply, tokenFrames: await this.aligner.tokenFrames(states, request.audio.length, text) };
  }

  async release(): Promise<void> {
    await Promise.all([this.encoder.release(), this.search.release(), this.aligner.release()]);
  }
}

/**
 * Speech probabilities of one VAD piece (whole lanes of one block, see `vadPieces`), as the whole-file
 * pass computes them; `gain` is the block's level lift when the piece is not the whole block.
 */
export function vadBlock(vad: SileroVad, audio: Float32Array, gain?: number): Promise<Float32Array> {
  const pcm: Pcm = {
    sampleRate: SAMPLE_RATE,
    length: audio.length,
    read: async (start, end) => audio.slice(Math.max(0, start), Math.min(audio.length, end)),
    dispose: async () => {},
  };
  return vad.frameProbabilities(pcm, undefined, gain);
}
