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

  it("does the decoding's work outside the request thread, whose event loop stays free", async () => {
    const tmp = dir();
    const path = join(tmp, 'long.wav');
    await longWav(path, 10);
    // The request thread's own CPU time against the whole process's: decoding and resampling 10
    // minutes of 48 kHz stereo takes seconds of CPU, all of it in the decoding thread.
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const thread = process.threadCpuUsage();
    const whole = process.cpuUsage();
    delay.enable();
    const pcm = await decodeOffThread(path, { tmpDir: tmp });
    delay.disable();
    const threadUsed = process.threadCpuUsage(thread);
    const wholeUsed = process.cpuUsage(whole);
    expect(pcm.length).toBe(10 * 60 * 16000);
    await pcm.dispose();
    const ms = (us: number) => us / 1000;
    const requestThreadMs = ms(threadUsed.user + threadUsed.system);
    const processMs = ms(wholeUsed.user + wholeUsed.system);
    console.info(
      `10 minutes of 48 kHz stereo decoded off the request thread: ${processMs.toFixed(0)} ms of CPU in the process, ` +
        `${requestThreadMs.toFixed(0)} ms of it in the request thread; its event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, ` +
        `p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    );
    expect(processMs).toBeGreaterThan(1000);
    expect(requestThreadMs).toBeLessThan(processMs / 10);
  });
});
