/**
 * The rewritten transcription model (model.ts) split in three, so the audio goes through the encoder once
 * and its states serve both the beam search and the word aligner:
 * - `encoder`: `audio_pcm` → the log-mel front end → the encoder → `encoder_hidden_states` (1 × 1500 × 384);
 * - `search`: the WhisperBeamSearch graph with the same inputs, except that `log_mel` is now those states,
 *   shaped 1 × 80 × 7200 (the beam search checks that its input has 80 rows, as log-mel features do); its
 *   encoder subgraph reshapes them back and keeps only the first decoder step and the cross-attention's
 *   keys and values;
 * - `aligner`: the states and a window's chosen tokens (teacher forcing) → the decoder's cross-attention
 *   scores per layer (`cross_qk_N`, 1 × heads × tokens × 1500), from which word-timing.ts takes word times
 *   as Whisper's reference implementation does. onnxruntime's WhisperBeamSearch has no cross-attention
 *   output on CPU, hence a pass of its own; the encoder, most of a window's work, is not run again.
 *
 * Measured on a 30 s window (tiny.en, one thread): the encoder and the search take what the whole model
 * took, with the same tokens; the aligner adds 6-12 % (120-240 ms). Edited at the protobuf wire level
 * like the rewrite: initializers are copied as they are, so a shared-weights model (shared-weights.ts)
 * splits into three models that all refer to its one weights file.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeAtomic } from './model.ts';
import { bytesField, concatBytes, fieldText, readFields, stringField, type WireField } from './proto-wire.ts';

/** Output name of layer `layer`'s cross-attention scores in the aligner. */
export const crossScoresOutput = (layer: number) => `cross_qk_${layer}`;
/** The encoder's output and the aligner's input. */
export const ENCODER_STATES = 'encoder_hidden_states';
/** The beam search's first input: log-mel features in the whole model, the encoder states in the split search. */
export const SEARCH_FEATURES = 'log_mel';
/** The encoder states as the search's first input: 1500 × 384 values in the shape of 80 log-mel rows. */
export const STATES_AS_FEATURES = [1, 80, 7200] as const;
export const ENCODER_FRAMES = 1500;
export const ENCODER_WIDTH = 384;

// Field numbers from onnx.proto.
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, name: 2, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5 } as const;
const ATTRIBUTE = { name: 1, graph: 6 } as const;
const TENSOR = { dims: 1, dataType: 2, int64Data: 7, name: 8 } as const;
const INT64 = 7;
const VALUE_INFO = { name: 1, type: 2 } as const;

interface Node {
  raw: Uint8Array;
  fields: WireField[];
  inputs: string[];
  outputs: string[];
  opType: string;
}

const nodeOf = (payload: Uint8Array): Node => {
  const fields = readFields(payload);
  return {
    raw: concatBytes(bytesField(GRAPH.node, [payload])),
    fields,
    inputs: fields.filter((f) => f.field === NODE.input).map(fieldText),
    outputs: fields.filter((f) => f.field === NODE.output).map(fieldText),
    opType: fieldText(fields.find((f) => f.field === NODE.opType)!),
  };
};

const newNode = (opType: string, inputs: string[], outputs: string[], name: string) =>
  nodeOf(
    concatBytes([
      ...inputs.flatMap((i) => stringField(NODE.input, i)),
      ...outputs.flatMap((o) => stringField(NODE.output, o)),
      ...stringField(NODE.name, name),
      ...stringField(NODE.opType, opType),
    ]),
  );

const nameOf = (payload: Uint8Array, field: number) => {
  const name = readFields(payload).find((f) => f.field === field);
  return name ? fieldText(name) : '';
};

/** A float tensor of unknown shape, as a graph input or output (`field`). */
const floatValue = (field: number, name: string) =>
  bytesField(field, [...stringField(VALUE_INFO.name, name), ...bytesField(VALUE_INFO.type, bytesField(1, [Uint8Array.of(0x08, 0x01)]))]);

function int64Tensor(name: string, values: number[]): Uint8Array[] {
  const varints: number[] = [];
  for (const value of values) {
    let rest = BigInt.asUintN(64, BigInt(value));
    do {
      const low = Number(rest & 0x7fn);
      rest >>= 7n;
      varints.push(rest ? low | 0x80 : low);
    } while (rest);
  }
  return bytesField(GRAPH.initializer, [
    Uint8Array.of(TENSOR.dims * 8, values.length),
    Uint8Array.of(TENSOR.dataType * 8, INT64),
    ...bytesField(TENSOR.int64Data, [Uint8Array.from(varints)]),
    ...stringField(TENSOR.name, name),
  ]);
}

/** The nodes that `outputs` need, in order; a name in `given` is an input, its producer left out. */
function needed(nodes: Node[], outputs: string[], given: string[] = []): { nodes: Node[]; names: Set<string> } {
  const names = new Set(outputs);
  const kept: Node[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (!node.outputs.some((o) => names.has(o) && !given.includes(o))) continue;
    for (const input of node.inputs) if (input) names.add(input);
    kept.push(node);
  }
  return { nodes: kept.reverse(), names };
}

const byName = (fields: WireField[], field: number, nameField: number, names: Set<string>) =>
  fields.filter((f) => f.field === field && names.has(nameOf(f.payload, nameField))).map((f) => f.raw);

export interface SplitModel {
  encoder: Uint8Array;
  search: Uint8Array;
  aligner: Uint8Array;
}

/** The three models (see above) from the bytes of the rewritten model, with or without its weights inside. */
export function splitWhisperModel(model: Uint8Array): SplitModel {
  const modelFields = readFields(model);
  const graphField = modelFields.find((f) => f.field === MODEL_GRAPH);
  if (!graphField) throw new Error('The Whisper model has no graph');
  const main = readFields(graphField.payload);
  const mainNodes = main.filter((f) => f.field === GRAPH.node).map((f) => nodeOf(f.payload));
  const searchAt = mainNodes.findIndex((n) => n.opType === 'WhisperBeamSearch');
  if (searchAt < 0) throw new Error('The Whisper model has no WhisperBeamSearch node (is it the rewritten model?)');
  const search = mainNodes[searchAt];
  const features = search.inputs[0];
  if (features !== SEARCH_FEATURES) throw new Error(`The beam search's first input is ${features}, not ${SEARCH_FEATURES}`);
  const encoderAttribute = search.fields.find((f) => f.field === NODE.attribute && nameOf(f.payload, ATTRIBUTE.name) === 'encoder');
  const encoderGraph = encoderAttribute && readFields(encoderAttribute.payload).find((f) => f.field === ATTRIBUTE.graph);
  if (!encoderAttribute || !encoderGraph) throw new Error('The beam search has no encoder subgraph');
  const encoder = readFields(encoderGraph.payload);
  const encoderNodes = encoder.filter((f) => f.field === GRAPH.node).map((f) => nodeOf(f.payload));
  const encoderInputs = encoder.filter((f) => f.field === GRAPH.input).map((f) => nameOf(f.payload, VALUE_INFO.name));
  if (encoderInputs.join() !== 'encoder_input_ids,decoder_input_ids' || !encoderNodes.some((n) => n.outputs.includes(ENCODER_STATES))) {
    throw new Error(`Unexpected encoder subgraph (inputs ${encoderInputs.join(', ')})`);
  }
  const mainInput = (name: string) => byName(main, GRAPH.input, VALUE_INFO.name, new Set([name]));
  // Subgraphs may use the main graph's initializers (weights the two subgraphs share): offered to all.
  const initializers = (names: Set<string>, ...graphs: WireField[][]) =>
    graphs.flatMap((g) => byName(g, GRAPH.initializer, TENSOR.name, names));
  const otherModelFields = modelFields.filter((f) => f.field !== MODEL_GRAPH).map((f) => f.raw);
  const modelOf = (graph: Uint8Array[]) => concatBytes([...otherModelFields, ...bytesField(MODEL_GRAPH, graph)]);

  // The encoder: front end, then the subgraph's encoder layers.
  const front = [...mainNodes.slice(0, searchAt), newNode('Identity', [features], ['encoder_input_ids'], 'split_features')];
  const encoderPart = needed([...front, ...encoderNodes], [ENCODER_STATES]);
  const encoderModel = modelOf([
    ...encoderPart.nodes.map((n) => n.raw),
    ...stringField(GRAPH.name, 'whisper_encoder'),
    ...initializers(encoderPart.names, main, encoder),
    ...mainInput('audio_pcm'),
    ...floatValue(GRAPH.output, ENCODER_STATES),
    ...byName(encoder, GRAPH.valueInfo, VALUE_INFO.name, encoderPart.names),
  ]);

  // The aligner: the first-step decoder over all tokens, each cross-attention with its scores output.
  const scores: string[] = [];
  const withScores = encoderNodes.map((node) => {
    const cross = node.outputs.map((o) => /^present_key_cross_(\d+)$/.exec(o)).find(Boolean);
    if (node.opType !== 'MultiHeadAttention' || !cross || node.outputs.length !== 3) return node;
    const name = crossScoresOutput(Number(cross[1]));
    scores.push(name);
    return nodeOf(concatBytes([...node.fields.map((f) => f.raw), ...stringField(NODE.output, name)]));
  });
  scores.sort();
  if (scores.length !== 4) throw new Error(`Expected 4 cross-attentions in the encoder subgraph, found ${scores.length}`);
  const alignerPart = needed(withScores, scores, [ENCODER_STATES]);
  const alignerModel = modelOf([
    ...alignerPart.nodes.map((n) => n.raw),
    ...stringField(GRAPH.name, 'whisper_aligner'),
    ...initializers(alignerPart.names, main, encoder),
    ...floatValue(GRAPH.input, ENCODER_STATES),
    ...mainInput('decoder_input_ids'),
    ...scores.flatMap((name) => floatValue(GRAPH.output, name)),
    ...byName(encoder, GRAPH.valueInfo, VALUE_INFO.name, alignerPart.names),
  ]);

  // The search: its encoder subgraph starts from the states.
  const subgraphOutputs = encoder.filter((f) => f.field === GRAPH.output).map((f) => nameOf(f.payload, VALUE_INFO.name));
  const statesShape = 'split_states_shape';
  const fromStates = newNode('Reshape', ['encoder_input_ids', statesShape], [ENCODER_STATES], 'split_states');
  const firstStep = needed([fromStates, ...encoderNodes.filter((n) => !n.outputs.includes(ENCODER_STATES))], subgraphOutputs);
  const subgraph = [
    ...firstStep.nodes.map((n) => n.raw),
    ...stringField(GRAPH.name, nameOf(encoderGraph.payload, GRAPH.name) || 'encoder'),
    ...initializers(firstStep.names, encoder),
    ...int64Tensor(statesShape, [-1, ENCODER_FRAMES, ENCODER_WIDTH]),
    ...floatValue(GRAPH.input, 'encoder_input_ids'),
    ...byName(encoder, GRAPH.input, VALUE_INFO.name, new Set(['decoder_input_ids'])),
    ...encoder.filter((f) => f.field === GRAPH.output).map((f) => f.raw),
    ...byName(encoder, GRAPH.valueInfo, VALUE_INFO.name, firstStep.names),
  ];
  const attribute = bytesField(NODE.attribute, [
    ...readFields(encoderAttribute.payload)
      .filter((f) => f.field !== ATTRIBUTE.graph)
      .map((f) => f.raw),
    ...bytesField(ATTRIBUTE.graph, subgraph),
  ]);
  const searchNode = concatBytes(
    bytesField(
      GRAPH.node,
      search.fields.map((f) => (f === encoderAttribute ? concatBytes(attribute) : f.raw)),
    ),
  );
  const searchModel = modelOf([
    searchNode,
    ...mainNodes.slice(searchAt + 1).map((n) => n.raw),
    ...stringField(GRAPH.name, 'whisper_search'),
    // The decoder subgraph uses main-graph initializers by name: all of them stay (the front end's are small).
    ...main.filter((f) => f.field === GRAPH.initializer).map((f) => f.raw),
    ...floatValue(GRAPH.input, features),
    ...main.filter((f) => f.field === GRAPH.input && nameOf(f.payload, VALUE_INFO.name) !== 'audio_pcm').map((f) => f.raw),
    ...main.filter((f) => f.field === GRAPH.output).map((f) => f.raw),
  ]);
  return { encoder: encoderModel, search: searchModel, aligner: alignerModel };
}

/** Bump when the split changes, so files made by older code are made again. */
const SPLIT_VERSION = 1;

export type SplitModelPaths = Record<keyof SplitModel, string>;

interface SplitStamp {
  splitVersion: number;
  modelSize: number;
  sizes: Record<keyof SplitModel, number>;
}

/**
 * The split models of the model at `modelPath`, made once beside it: a shared-weights model's external
 * data is found relative to the model file, so the three must sit next to its weights file. The stamp is
 * written last; files that do not match it are made again.
 */
export async function prepareSplitModel(modelPath: string): Promise<SplitModelPaths> {
  const dir = dirname(modelPath);
  const base = basename(modelPath).replace(/\.onnx$/, '');
  const paths: SplitModelPaths = {
    encoder: join(dir, `${base}-encoder.onnx`),
    search: join(dir, `${base}-search.onnx`),
    aligner: join(dir, `${base}-aligner.onnx`),
  };
  const stampPath = join(dir, `${base}-split.stamp.json`);
  const modelSize = (await stat(modelPath)).size;
  try {
    const stamp = JSON.parse(await readFile(stampPath, 'utf8')) as SplitStamp;
    const sizes = await Promise.all(Object.values(paths).map(async (path) => (await stat(path)).size));
    if (stamp.splitVersion === SPLIT_VERSION && stamp.modelSize === modelSize && sizes.join() === Object.values(stamp.sizes).join())
      return paths;
  } catch {
    // missing or unreadable: make them
  }
  const split = splitWhisperModel(new Uint8Array(await readFile(modelPath)));
  await Promise.all((Object.keys(paths) as (keyof SplitModel)[]).map((key) => writeAtomic(paths[key], split[key])));
  const stamp: SplitStamp = {
    splitVersion: SPLIT_VERSION,
    modelSize,
    sizes: { encoder: split.encoder.byteLength, search: split.search.byteLength, aligner: split.aligner.byteLength },
  };
  await writeAtomic(stampPath, JSON.stringify(stamp, null, 2));
  return paths;
}
