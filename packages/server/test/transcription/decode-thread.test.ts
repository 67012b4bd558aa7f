import { readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeToPcm } from '../../src/features/transcription/engines/whisper/audio.ts';
import { decodeOffThread } from '../../src/features/transcription/engines/whisper/decode-thread.ts';
import { wavFile } from '../support/wav-builder.ts';
import { LIBRIVOX_CLIP, tempDir } from './helpers.ts';

// Decoding and resampling in a worker thread (engines/whisper/decode-thread.ts): the same samples as
// in this thread, errors and cancellation carried over, nothing left on disk, and the event loop free.

const made: string[] = [];
const dir = () => {
  const d = tempDir();
  made.push(d);
  return d;
};
afterAll(async () => {
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

async function allSamples(pcm: Awaited<ReturnType<typeof decodeToPcm>>) {
  try {
    return await pcm.read(0, pcm.length);
  } finally {
    await pcm.dispose();
  }
}

/** A WAV of `minutes` of the clip repeated, at 48 kHz stereo (each 16 kHz sample held three times). */
async function longWav(path: string, minutes: number) {
  const clip = (await readFile(`${LIBRIVOX_CLIP}.wav`)).subarray(44);
  const frames = (minutes * 60 * 16000) | 0;
  const data = Buffer.alloc(frames * 3 * 2 * 2);
  for (let i = 0, o = 0; i < frames; i++) {
    const v = clip.readInt16LE((i * 2) % (clip.length - 1));
    for (let k = 0; k < 6; k++, o += 2) data.writeInt16LE(v, o);
  }
  await writeFile(path, wavFile({ sampleRate: 48000, channels: 2, data }));
}

describe('decodeOffThread', () => {
  it('gives the samples a decode in this thread gives, in memory and through its temporary file', async () => {
    const reference = await allSamples(await decodeToPcm(`${LIBRIVOX_CLIP}.ogg`));
    const inMemory = await allSamples(await decodeOffThread(`${LIBRIVOX_CLIP}.ogg`));
    expect(inMemory).toEqual(reference);
    const tmp = dir();
    const viaFile = await decodeOffThread(`${LIBRIVOX_CLIP}.ogg`, { memoryLimitSamples: 16000, tmpDir: tmp });
    expect(readdirSync(tmp)).toHaveLength(1);
    expect(await allSamples(viaFile)).toEqual(reference);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("carries the decoder's refusal over with its code, and leaves nothing behind", async () => {
    const tmp = dir();
    const path = join(tmp, 'one-hertz.wav');
    await writeFile(path, wavFile({ sampleRate: 1, data: Buffer.alloc(16000) }));
    const error = await decodeOffThread(path, { tmpDir: tmp }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as AudioDecodeError).code).toBe('AUDIO_HEADER_IMPLAUSIBLE');
    expect(readdirSync(tmp)).toEqual(['one-hertz.wav']);
  });

  it('stops when cancelled, with the reason, removing what it wrote', async () => {
    const tmp = dir();
    const path = join(tmp, 'long.wav');
    await longWav(path, 3);
    const controller = new AbortController();
    const decoding = decodeOffThread(path, { signal: controller.signal, memoryLimitSamples: 16000, tmpDir: tmp });
    // Cancelled once the thread has started writing its temporary file.
    await expect.poll(() => readdirSync(tmp).length, { interval: 5 }).toBe(2);
    controller.abort(new Error('cancelled by the test'));
    await expect(decoding).rejects.toThrow('cancelled by the test');
    expect(readdirSync(tmp)).toEqual(['long.wav']);
  });

  it('keeps the event loop free while a long file is decoded and resampled (p99 delay under 50 ms)', async () => {
    const tmp = dir();
    const path = join(tmp, 'long.wav');
    await longWav(path, 10);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const pcm = await decodeOffThread(path, { tmpDir: tmp });
    delay.disable();
    expect(pcm.length).toBe(10 * 60 * 16000);
    await pcm.dispose();
    const ms = (ns: number) => ns / 1e6;
    console.info(
      `event-loop delay while 10 minutes of 48 kHz stereo were decoded off the thread: p50 ${ms(delay.percentile(50)).toFixed(1)} ms, ` +
        `p99 ${ms(delay.percentile(99)).toFixed(1)} ms, max ${ms(delay.max).toFixed(1)} ms`,
    );
    expect(ms(delay.percentile(99))).toBeLessThan(50);
  });
});
