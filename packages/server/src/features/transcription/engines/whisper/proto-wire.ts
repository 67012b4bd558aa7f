/**
 * Minimal protobuf wire-format reading and writing. The Whisper graph is 75 MB, nearly all of it weights
 * inside the beam-search node's encoder/decoder subgraphs. Decoding it fully into objects (onnx-proto)
 * and encoding it again peaked above 500 MB; editing at the wire level copies untouched fields as byte
 * slices, so the rewrite needs little more than the source and the result.
 */

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_BYTES = 2;
export const WIRE_FIXED32 = 5;

export interface WireField {
  field: number;
  wireType: number;
  /** The whole field, tag included: copy it unchanged with this. */
  raw: Uint8Array;
  /** Length-delimited payload (wire type 2) or the varint value's bytes. */
  payload: Uint8Array;
  /** Varint value (wire type 0). */
  value: number;
}

function readVarint(buf: Uint8Array, pos: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos >= buf.length) throw new Error('Truncated protobuf varint');
    const byte = buf[pos++];
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return [value, pos];
    scale *= 128;
  }
  throw new Error('Invalid protobuf varint');
}

/** Splits a message into its top-level fields (no copies: every slice views `buf`). */
export function readFields(buf: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [tag, afterTag] = readVarint(buf, pos);
    pos = afterTag;
    const field = Math.floor(tag / 8);
    const wireType = tag & 7;
    let payload: Uint8Array;
    let value = 0;
    if (wireType === WIRE_VARINT) {
      const [v, next] = readVarint(buf, pos);
      payload = buf.subarray(pos, next);
      value = v;
      pos = next;
    } else if (wireType === WIRE_BYTES) {
      const [length, next] = readVarint(buf, pos);
      if (next + length > buf.length) throw new Error('Truncated protobuf field');
      payload = buf.subarray(next, next + length);
      pos = next + length;
    } else if (wireType === WIRE_FIXED64) {
      payload = buf.subarray(pos, pos + 8);
      pos += 8;
    } else if (wireType === WIRE_FIXED32) {
      payload = buf.subarray(pos, pos + 4);
      pos += 4;
    } else {
      throw new Error(`Unsupported protobuf wire type ${wireType}`);
    }
    if (pos > buf.length) throw new Error('Truncated protobuf field');
    fields.push({ field, wireType, raw: buf.subarray(start, pos), payload, value });
  }
  return fields;
}

function varintBytes(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 128) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

/** A length-delimited field (sub-message, string or bytes) built from parts, without joining them. */
export function bytesField(field: number, parts: Uint8Array[]): Uint8Array[] {
  const length = parts.reduce((sum, p) => sum + p.byteLength, 0);
  return [Uint8Array.from([...varintBytes(field * 8 + WIRE_BYTES), ...varintBytes(length)]), ...parts];
}

export function stringField(field: number, text: string): Uint8Array[] {
  return bytesField(field, [new TextEncoder().encode(text)]);
}

export function fieldText(f: WireField): string {
  return new TextDecoder().decode(f.payload);
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}
