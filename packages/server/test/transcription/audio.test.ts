import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeToPcm, encodeWav, sniffFormat } from '../../src/features/transcription/engines/whisper/audio.ts';
import { LIBRIVOX_CLIP, sine, tempDir as makeTempDir } from './helpers.ts';
import { chunk, floatData, wavFile } from '../support/wav-builder.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = makeTempDir();
  made.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

async function samples(path: string, options?: Parameters<typeof decodeToPcm>[1]) {
  const pcm = await decodeToPcm(path, options);
  try {
    return await pcm.read(0, pcm.length);
  } finally {
    await pcm.dispose();
  }
}

function correlation(a: Float32Array, b: Float32Array, lag: number): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = Math.max(0, -lag); i < Math.min(a.length, b.length - lag); i++) {
    ab += a[i] * b[i + lag];
    aa += a[i] * a[i];
    bb += b[i + lag] * b[i + lag];
  }
  return ab / Math.sqrt(aa * bb);
}

describe('format detection', () => {
  it('recognises the fixture files by their first bytes', async () => {
    const head = async (ext: string) => (await readFile(`${LIBRIVOX_CLIP}.${ext}`)).subarray(0, 4096);
    expect(sniffFormat(await head('wav'))).toBe('wav');
    expect(sniffFormat(await head('ogg'))).toBe('oga'); // Ogg Vorbis
    expect(sniffFormat(await head('webm'))).toBe('webm');
    expect(sniffFormat(await head('m4a'))).toBe('m4a');
    expect(sniffFormat(await head('opus.ogg'))).toBe('opus');
  });

  it('tells mp3, AAC, Ogg Opus and FLAC apart and gives up on anything else', () => {
    expect(sniffFormat(bytes('ID3', 4, 0))).toBe('mp3');
    expect(sniffFormat(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
    expect(sniffFormat(bytes(0xff, 0xf1, 0x50, 0x80))).toBe('aac');
    expect(sniffFormat(bytes('OggS', 0, 2, ...new Array(22).fill(0), 1, 19, 'OpusHead'))).toBe('opus');
    expect(sniffFormat(bytes('fLaC', 0, 0, 0, 34))).toBe('flac');
    expect(sniffFormat(bytes('hello world'))).toBeNull();
  });
});

describe('decoding to 16 kHz mono', () => {
  it.each(['wav', 'ogg', 'opus.ogg', 'webm', 'm4a'])('decodes the LibriVox clip as %s with its real duration', async (ext) => {
    const audio = await samples(`${LIBRIVOX_CLIP}.${ext}`);
    // 7.1 s; Chromium's recordings (webm, m4a, and the Ogg Opus remuxed from the webm) start and stop a few frames early or late.
    expect(audio.length / 16000).toBeGreaterThan(6.9);
    expect(audio.length / 16000).toBeLessThan(7.2);
  });

  it('keeps the waveform when a 44.1 kHz stereo file is mixed down and resampled', async () => {
    // The ogg fixture is the 16 kHz wav upsampled to 44.1 kHz stereo and Vorbis-encoded.
    const reference = await samples(`${LIBRIVOX_CLIP}.wav`);
    const decoded = await samples(`${LIBRIVOX_CLIP}.ogg`);
    expect(Math.abs(decoded.length - reference.length)).toBeLessThan(20);
    let best = 0;
    for (let lag = -40; lag <= 40; lag++) best = Math.max(best, correlation(reference, decoded, lag));
    expect(best).toBeGreaterThan(0.9);
  });

  it('resamples a 48 kHz stereo wav and averages its channels', async () => {
    const dir = tempDir();
    const left = sine(440, 48000, 1);
    // Interleaved stereo 16-bit: right channel silent.
    const wav = encodeWav(
      new Float32Array(left.length * 2).map((_, i) => (i % 2 === 0 ? left[i / 2] : 0)),
      48000,
    );
    const view = new DataView(wav.buffer);
    view.setUint16(22, 2, true); // channels
    view.setUint32(28, 48000 * 4, true); // byte rate
    view.setUint16(32, 4, true); // block align
    await writeFile(join(dir, 'stereo.wav'), wav);
    const audio = await samples(join(dir, 'stereo.wav'));
    expect(audio.length).toBe(16000);
    const peak = Math.max(...audio.subarray(1000, 15000).map(Math.abs));
    expect(peak).toBeCloseTo(0.25, 2);
  });

  it('moves long audio to a temporary file and reads back the same samples', async () => {
    const inMemory = await samples(`${LIBRIVOX_CLIP}.ogg`);
    const dir = tempDir();
    const pcm = await decodeToPcm(`${LIBRIVOX_CLIP}.ogg`, { memoryLimitSamples: 16000, tmpDir: dir });
    expect(await readdir(dir)).toHaveLength(1); // the spill file's folder
    expect(pcm.length).toBe(inMemory.length);
    expect(Array.from(await pcm.read(50000, 50100))).toEqual(Array.from(inMemory.subarray(50000, 50100)));
    expect(Array.from(await pcm.read(pcm.length - 10, pcm.length + 100))).toEqual(Array.from(inMemory.subarray(-10)));
    await pcm.dispose();
    expect(await readdir(dir)).toEqual([]);
  });

  it('makes the temporary folder it is given when it does not exist yet (speaker detection passes tmp/speakers)', async () => {
    const dir = join(tempDir(), 'tmp', 'speakers');
    const pcm = await decodeToPcm(`${LIBRIVOX_CLIP}.wav`, { memoryLimitSamples: 16000, tmpDir: dir });
    expect(pcm.length).toBeGreaterThan(16000);
    expect(await readdir(dir)).toHaveLength(1);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    await pcm.dispose();
  });

  it('rejects empty and non-audio files with a clear error', async () => {
    const dir = tempDir();
    await writeFile(join(dir, 'empty.wav'), new Uint8Array());
    await writeFile(join(dir, 'notes.txt'), 'these are not the sounds you are looking for');
    await writeFile(join(dir, 'broken.wav'), (await readFile(`${LIBRIVOX_CLIP}.wav`)).subarray(0, 30));
    await expect(decodeToPcm(join(dir, 'empty.wav'))).rejects.toThrow(AudioDecodeError);
    await expect(decodeToPcm(join(dir, 'notes.txt'))).rejects.toThrow(AudioDecodeError);
    await expect(decodeToPcm(join(dir, 'broken.wav'))).rejects.toThrow(AudioDecodeError);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('job cancelled'));
    await expect(decodeToPcm(`${LIBRIVOX_CLIP}.wav`, { signal: controller.signal, tmpDir: tmpdir() })).rejects.toThrow('job cancelled');
  });
});

describe('unusual but real WAV encodings, and headers no real audio has', () => {
  const original = () => readFile(`${LIBRIVOX_CLIP}.wav`);
  const pcm16 = async () => (await original()).subarray(44);

  it('decodes 32- and 64-bit float whose data starts off a 4- or 8-byte boundary (after fact and LIST chunks)', async () => {
    const dir = tempDir();
    const reference = await samples(`${LIBRIVOX_CLIP}.wav`);
    const after = [chunk('fact', Buffer.alloc(4)), chunk('LIST', Buffer.from('ab'))];
    for (const bits of [32, 64] as const) {
      const path = join(dir, `float${bits}.wav`);
      await writeFile(path, wavFile({ tag: 3, bits, after, data: floatData(await pcm16(), bits) }));
      const decoded = await samples(path);
      expect(decoded.length, `${bits}-bit`).toBe(reference.length);
      expect(correlation(decoded, reference, 0), `${bits}-bit`).toBeGreaterThan(0.999);
    }
  });

  it('refuses a stream declaring 1 Hz before resampling it (it held the server for a minute)', async () => {
    const path = join(tempDir(), 'one-hertz.wav');
    await writeFile(path, wavFile({ sampleRate: 1, data: Buffer.alloc(16000) }));
    const started = performance.now();
    const error = await decodeToPcm(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as AudioDecodeError).code).toBe('AUDIO_HEADER_IMPLAUSIBLE');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
