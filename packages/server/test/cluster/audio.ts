// Recordings for the multi-process tests.

/**
 * The speech of a 16 kHz mono 16-bit WAV (44-byte header) as 48 kHz stereo 32-bit float, as audio
 * software exports it: 12 times the bytes, so a minute of speech already needs a chunked upload (over 25 MB).
 */
export function stereo48kFloatWav(mono16k: Buffer): Buffer {
  const samples = (mono16k.length - 44) / 2;
  const dataBytes = samples * 3 * 2 * 4;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(3, 20); // IEEE float
  out.writeUInt16LE(2, 22); // stereo
  out.writeUInt32LE(48_000, 24);
  out.writeUInt32LE(48_000 * 8, 28);
  out.writeUInt16LE(8, 32);
  out.writeUInt16LE(32, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  let o = 44;
  for (let i = 0; i < samples; i++) {
    const s = mono16k.readInt16LE(44 + i * 2) / 32768;
    for (let k = 0; k < 6; k++, o += 4) out.writeFloatLE(s, o);
  }
  return out;
}
