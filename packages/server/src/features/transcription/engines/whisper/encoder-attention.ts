/**
 * The encoder's self-attention as MultiHeadAttention instead of the fused Attention node.
 *
 * The shipped graph runs each of the encoder's four self-attentions as com.microsoft Attention (QKV
 * projection and attention in one node). Its CPU kernel materialises the attention scores of all six
 * heads over 1,500 frames: 54 MB of float32 per layer, allocated and written for every 30 s window.
 * onnxruntime's CPU MultiHeadAttention, given Q, K and V apart and no mask, past or present, runs MLAS's
 * flash attention instead: the scores are computed in blocks sized to the L2 cache and never held whole.
 * The rewrite keeps the projection (one MatMul with the same weights, split into Q, K and V) and the
 * bias (MultiHeadAttention adds the same 3 x 384 vector), so only the order of float operations changes.
 *
 * The decoder-init's self-attentions (a mask, a `present` output, a few tokens long) stay as they are.
 *
 * Not the default. `pnpm bench arithmetic` (both forms in one run) measured it faster on one long
 * recording in each of three runs (65.8-71.5x against 55.4-70.8x real time), with no lower memory peak
 * on 2 hours; but the changed float order moved the greedy decoding enough to raise the 316 s
 * concatenation's word error rate by 0.51 points (over the 0.3 budget) and to turn one invented segment
 * over reversed speech into one no review rule flags.
 */
import type onnxProto from 'onnx-proto';
import { lazyModule } from '../../../../lazy-module.ts';
import { bytesField, fieldText, readFields, WIRE_BYTES, type WireField } from './proto-wire.ts';

const protos = lazyModule<typeof onnxProto>('onnx-proto');

// Field numbers from onnx.proto.
const GRAPH = { node: 1, initializer: 5 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 } as const;
const ATTRIBUTE = { name: 1, i: 3, g: 6 } as const;
const TENSOR = { dims: 1, name: 8 } as const;

/** Which arithmetic the encoder's self-attention uses (see above); 'fused' is the shipped graph's. */
export type EncoderAttention = 'flash' | 'fused';

/**
 * The beam-search node's `encoder` attribute with its unmasked self-attentions rewritten; any other
 * attribute unchanged (`rewritten` 0).
 */
export function flashEncoderAttribute(attribute: WireField): { bytes: Uint8Array[]; rewritten: number } {
  const attr = readFields(attribute.payload);
  const name = fieldText(attr.find((a) => a.field === ATTRIBUTE.name)!);
  const graph = attr.find((a) => a.field === ATTRIBUTE.g && a.wireType === WIRE_BYTES);
  if (name !== 'encoder' || !graph) return { bytes: [attribute.raw], rewritten: 0 };
  const result = rewriteGraph(graph.payload);
  const attrParts = attr.flatMap((a) => (a === graph ? bytesField(ATTRIBUTE.g, result.parts) : [a.raw]));
  return { bytes: bytesField(NODE.attribute, attrParts), rewritten: result.rewritten };
}

function rewriteGraph(graph: Uint8Array): { parts: Uint8Array[]; rewritten: number } {
  const fields = readFields(graph);
  const weightDims = new Map<string, number[]>();
  for (const f of fields) {
    if (f.field !== GRAPH.initializer) continue;
    const t = readFields(f.payload);
    weightDims.set(
      fieldText(t.find((x) => x.field === TENSOR.name)!),
      t.filter((x) => x.field === TENSOR.dims).map((x) => x.value),
    );
  }
  let rewritten = 0;
  const parts: Uint8Array[] = [];
  for (const f of fields) {
    const replacement = f.field === GRAPH.node ? flashNodes(f.payload, weightDims) : undefined;
    if (!replacement) {
      parts.push(f.raw);
      continue;
    }
    rewritten++;
    for (const node of replacement) parts.push(...bytesField(GRAPH.node, [node]));
  }
  return { parts, rewritten };
}

/** MatMul + Split + MultiHeadAttention for an unmasked Attention without past or present; else undefined. */
function flashNodes(nodeBytes: Uint8Array, weightDims: Map<string, number[]>): Uint8Array[] | undefined {
  const { NodeProto, AttributeProto, TensorProto } = protos().onnx;
  const node = NodeProto.decode(nodeBytes);
  if (node.opType !== 'Attention' || node.domain !== 'com.microsoft') return undefined;
  const inputs = node.input.filter((name, i) => name !== '' || i < 3);
  const [x, weight, bias] = node.input;
  if (inputs.length !== 3 || node.output.filter(Boolean).length !== 1) return undefined;
  const attrs = new Map(node.attribute.map((a) => [a.name, a]));
  if (Number(attrs.get('unidirectional')?.i ?? 0) !== 0 || attrs.has('qkv_hidden_sizes') || attrs.has('scale')) return undefined;
  const dims = weightDims.get(weight);
  if (!dims || dims.length !== 2 || dims[1] !== dims[0] * 3) return undefined;
  const hidden = dims[0];
  const base = `${node.name}_flash`;
  const qkv = `${base}_qkv`;
  const [q, k, v] = ['q', 'k', 'v'].map((p) => `${base}_${p}`);
  const split = `${base}_split`;
  const encode = (n: onnxProto.onnx.INodeProto) => NodeProto.encode(n).finish();
  return [
    encode({ name: `${base}_matmul`, opType: 'MatMul', input: [x, weight], output: [qkv] }),
    encode({
      name: `${base}_split_sizes`,
      opType: 'Constant',
      output: [split],
      attribute: [
        {
          name: 'value',
          type: AttributeProto.AttributeType.TENSOR,
          t: { dims: [3], dataType: TensorProto.DataType.INT64, int64Data: [hidden, hidden, hidden] },
        },
      ],
    }),
    encode({
      name: `${base}_split`,
      opType: 'Split',
      input: [qkv, split],
      output: [q, k, v],
      attribute: [{ name: 'axis', type: AttributeProto.AttributeType.INT, i: 2 }],
    }),
    encode({
      name: node.name,
      opType: 'MultiHeadAttention',
      domain: 'com.microsoft',
      input: [q, k, v, bias],
      output: [node.output[0]],
      attribute: [{ name: 'num_heads', type: AttributeProto.AttributeType.INT, i: attrs.get('num_heads')!.i }],
    }),
  ];
}
