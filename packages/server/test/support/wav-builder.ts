// WAV files of any declared format, for the header checks and the decoder's tests: real audio in an
// unusual encoding (float, off-boundary data) and headers no real audio has (1 Hz, 9 channels).

export interface WavSpec {
  /** The fmt chunk's format tag: 1 PCM, 3 IEEE float. */
  tag?: number;
  channels?: number;
  sampleRate?: number;
  bits?: number;
  /** Overrides of the derived fields, to make them disagree. */
  blockAlign?: number;
  byteRate?: number;
  /** Chunks before fmt (e.g. JUNK) and between fmt and data (e.g. fact, LIST). */
  before?: Buffer[];
  after?: Buffer[];
  data: Buffer;
}

export function chunk(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

export function wavFile(spec: WavSpec): Buffer {
  const { tag = 1, channels = 1, sampleRate = 16000, bits = 16 } = spec;
  const blockAlign = spec.blockAlign ?? (channels * bits) / 8;
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(tag, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(spec.byteRate ?? sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(bits, 14);
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    ...(spec.before ?? []),
    chunk('fmt ', fmt),
    ...(spec.after ?? []),
    chunk('data', spec.data),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** 16-bit PCM samples as 32-bit (or 64-bit) float data. */
export function floatData(pcm16: Buffer, bits: 32 | 64): Buffer {
  const n = pcm16.length / 2;
  const out = Buffer.alloc(n * (bits / 8));
  for (let i = 0; i < n; i++) {
    const v = pcm16.readInt16LE(i * 2) / 32768;
    if (bits === 32) out.writeFloatLE(v, i * 4);
    else out.writeDoubleLE(v, i * 8);
  }
  return out;
}
