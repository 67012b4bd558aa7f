import onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import {
  bytesField,
  concatBytes,
  fieldText,
  readFields,
  stringField,
} from '../../src/features/transcription/engines/whisper/proto-wire.ts';

const { onnx } = onnxProto;

describe('protobuf wire editing', () => {
  const node = onnx.NodeProto.create({
    input: ['a', '', 'b'],
    output: ['y'],
    name: 'n',
    opType: 'BeamSearch',
    domain: 'com.microsoft',
    attribute: [onnx.AttributeProto.create({ name: 'eos_token_id', type: onnx.AttributeProto.AttributeType.INT, i: 50256 })],
  });
  const encoded = onnx.NodeProto.encode(node).finish();

  it('reads fields, strings and varints without decoding the rest', () => {
    const fields = readFields(encoded);
    expect(fields.filter((f) => f.field === 1).map(fieldText)).toEqual(['a', '', 'b']);
    expect(fieldText(fields.find((f) => f.field === 4)!)).toBe('BeamSearch');
    const attribute = readFields(fields.find((f) => f.field === 5)!.payload);
    expect(attribute.find((f) => f.field === 3)!.value).toBe(50256);
    // The raw slices put back together are the original message.
    expect(Array.from(concatBytes(fields.map((f) => f.raw)))).toEqual(Array.from(encoded));
  });

  it('builds messages that protobuf decoders read back', () => {
    const fields = readFields(encoded);
    const edited = concatBytes([
      ...fields.filter((f) => f.field !== 4).map((f) => f.raw),
      ...stringField(4, 'WhisperBeamSearch'),
      ...stringField(1, 'decoder_input_ids'),
    ]);
    const decoded = onnx.NodeProto.decode(edited);
    expect(decoded.opType).toBe('WhisperBeamSearch');
    expect(decoded.input).toEqual(['a', '', 'b', 'decoder_input_ids']);
    expect(Number(decoded.attribute[0].i)).toBe(50256);
    // A length above 127 needs a two-byte varint.
    const big = 'x'.repeat(300);
    const wrapped = concatBytes(bytesField(3, [new TextEncoder().encode(big)]));
    expect(onnx.NodeProto.decode(wrapped).name).toBe(big);
  });

  it('rejects truncated input', () => {
    expect(() => readFields(encoded.subarray(0, encoded.length - 3))).toThrow(/Truncated/);
  });
});
