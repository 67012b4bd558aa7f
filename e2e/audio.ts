import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A public-domain LibriVox clip (Debian's pocketsphinx-testdata), 7 s of speech, 16 kHz mono. */
export const speech = join(import.meta.dirname, '../packages/server/test/fixtures/audio/librivox-sense-and-sensibility-0870.wav');

/**
 * The speech clip repeated into a recording of a few minutes, so that its transcription takes long
 * enough for the processing state to be seen (the clip alone transcribes in under a second).
 */
export function longSpeech(path: string, repeats: number): string {
  const wav = readFileSync(speech);
  const dataAt = wav.indexOf('data', 12, 'ascii');
  const header = Buffer.from(wav.subarray(0, dataAt + 8));
  const samples = wav.subarray(dataAt + 8, dataAt + 8 + wav.readUInt32LE(dataAt + 4));
  const body = Buffer.concat(Array.from({ length: repeats }, () => samples));
  header.writeUInt32LE(header.length - 8 + body.length, 4);
  header.writeUInt32LE(body.length, dataAt + 4);
  writeFileSync(path, Buffer.concat([header, body]));
  return path;
}
