/**
 * The word aligner's graph, derived from the rewritten transcription model (model.ts): the same log-mel
 * front end and the WhisperBeamSearch node's encoder-and-first-step subgraph, run once over a window's
 * chosen tokens (teacher forcing), with the decoder's cross-attention weights as outputs. Word times come
 * from those weights (word-timing.ts), as in Whisper's reference implementation (`timing.py`): the beam
 * search cannot give them, because onnxruntime's WhisperBeamSearch has no cross-attention output on CPU.
 *
 * Edited at the protobuf wire level like the rewrite itself, so no 75 MB message is decoded into objects:
 * - the main graph's nodes up to `log_mel` (the front end) are kept, the beam search and its tail dropped;
 * - the encoder subgraph's nodes follow, its input `encoder_input_ids` fed from `log_mel` and its input
 *   `decoder_input_ids` from the graph input of that name;
 * - each cross-attention (MultiHeadAttention with `present_key_cross_N`) gets its optional fourth output,
 *   the scaled scores Q·Kᵀ, exposed as `cross_qk_N` (layer N; shape 1 × heads × tokens × 1500);
 * - nodes, initializers and value infos that none of those outputs needs are left out (the logits, the
 *   last layer's feed-forward), which halves the work of a pass.
 */
import { bytesField, concatBytes, fieldText, readFields, stringField, type WireField } from './proto-wire.ts';

/** Output name of layer `layer`'s cross-attention scores. */
export const crossScoresOutput = (layer: number) => `cross_qk_${layer}`;

// Field numbers from onnx.proto.
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 } as const;
const ATTRIBUTE = { name: 1, graph: 6 } as const;
const TENSOR_NAME = 8;
const VALUE_INFO_NAME = 1;

interface Node {
  fields: WireField[];
  inputs: string[];
  outputs: string[];
  opType: string;
}

const nodeOf = (payload: Uint8Array): Node => {
  const fields = readFields(payload);
  return {
    fields,
    inputs: fields.filter((f) => f.field === NODE.input).map(fieldText),
    outputs: fields.filter((f) => f.field === NODE.output).map(fieldText),
    opType: fieldText(fields.find((f) => f.field === NODE.opType)!),
  };
};

const nameOf = (payload: Uint8Array, field: number) => {
  const name = readFields(payload).find((f) => f.field === field);
  return name ? fieldText(name) : '';
};

// A float tensor value of unknown shape, as a graph output.
function floatOutput(name: string): Uint8Array[] {
  const tensorType = [Uint8Array.of(0x08, 0x01)]; // elem_type = FLOAT
  const type = bytesField(1, tensorType); // TypeProto.tensor_type
  return bytesField(GRAPH.output, [...stringField(VALUE_INFO_NAME, name), ...bytesField(2, type)]);
}

/** The aligner model (see above) from the bytes of the rewritten transcription model. */
export function buildAlignerModel(model: Uint8Array): Uint8Array {
  const modelFields = readFields(model);
  const graphField = modelFields.find((f) => f.field === MODEL_GRAPH);
  if (!graphField) throw new Error('The Whisper model has no graph');
  const main = readFields(graphField.payload);
  const mainNodes = main.filter((f) => f.field === GRAPH.node).map((f) => nodeOf(f.payload));
  const search = mainNodes.findIndex((n) => n.opType === 'WhisperBeamSearch');
  if (search < 0) throw new Error('The Whisper model has no WhisperBeamSearch node (is it the rewritten model?)');
  const features = mainNodes[search].inputs[0];

  const encoderAttribute = mainNodes[search].fields
    .filter((f) => f.field === NODE.attribute)
    .map((f) => readFields(f.payload))
    .find((a) => a.some((f) => f.field === ATTRIBUTE.name && fieldText(f) === 'encoder'));
  const encoderGraph = encoderAttribute?.find((f) => f.field === ATTRIBUTE.graph);
  if (!encoderGraph) throw new Error('The beam search has no encoder subgraph');
  const encoder = readFields(encoderGraph.payload);
  const encoderInputs = encoder.filter((f) => f.field === GRAPH.input).map((f) => nameOf(f.payload, VALUE_INFO_NAME));
  if (encoderInputs.join() !== 'encoder_input_ids,decoder_input_ids') {
    throw new Error(`Unexpected encoder subgraph inputs: ${encoderInputs.join(', ')}`);
  }

  // The cross-attentions, in layer order, each given its scores output.
  const outputs: string[] = [];
  const encoderNodes = encoder
    .filter((f) => f.field === GRAPH.node)
    .map((f) => {
      const node = nodeOf(f.payload);
      const cross = node.outputs.map((o) => /^present_key_cross_(\d+)$/.exec(o)).find(Boolean);
      if (node.opType !== 'MultiHeadAttention' || !cross || node.outputs.length !== 3) return { node, raw: f.raw };
      const name = crossScoresOutput(Number(cross[1]));
      outputs.push(name);
      return {
        node: { ...node, outputs: [...node.outputs, name] },
        raw: concatBytes(bytesField(GRAPH.node, [...node.fields.map((x) => x.raw), ...stringField(NODE.output, name)])),
      };
    });
  outputs.sort();
  if (outputs.length !== 4) throw new Error(`Expected 4 cross-attentions in the encoder subgraph, found ${outputs.length}`);

  const bridge = concatBytes(
    bytesField(GRAPH.node, [
      ...stringField(NODE.input, features),
      ...stringField(NODE.output, 'encoder_input_ids'),
      ...stringField(NODE.name, 'aligner_features'),
      ...stringField(NODE.opType, 'Identity'),
    ]),
  );
  const all = [
    ...main
      .filter((f) => f.field === GRAPH.node)
      .slice(0, search)
      .map((f, i) => ({ node: mainNodes[i], raw: f.raw })),
    { node: { fields: [], inputs: [features], outputs: ['encoder_input_ids'], opType: 'Identity' }, raw: bridge },
    ...encoderNodes,
  ];

  // Keep what the outputs need, walking back from them.
  const needed = new Set(outputs);
  const kept: Uint8Array[] = [];
  for (let i = all.length - 1; i >= 0; i--) {
    const { node, raw } = all[i];
    if (!node.outputs.some((o) => needed.has(o))) continue;
    for (const input of node.inputs) if (input) needed.add(input);
    kept.push(raw);
  }
  kept.reverse();
  const neededBy = (field: number, nameField: number) => (f: WireField) => f.field === field && needed.has(nameOf(f.payload, nameField));

  const graph = [
    ...kept,
    ...stringField(2, 'whisper_aligner'),
    ...main.filter(neededBy(GRAPH.initializer, TENSOR_NAME)).map((f) => f.raw),
    ...encoder.filter(neededBy(GRAPH.initializer, TENSOR_NAME)).map((f) => f.raw),
    ...main
      .filter((f) => f.field === GRAPH.input && ['audio_pcm', 'decoder_input_ids'].includes(nameOf(f.payload, VALUE_INFO_NAME)))
      .map((f) => f.raw),
    ...outputs.flatMap(floatOutput),
    ...encoder.filter(neededBy(GRAPH.valueInfo, VALUE_INFO_NAME)).map((f) => f.raw),
  ];
  return concatBytes([...modelFields.filter((f) => f.field !== MODEL_GRAPH).map((f) => f.raw), ...bytesField(MODEL_GRAPH, graph)]);
}
