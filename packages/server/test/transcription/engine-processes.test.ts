import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWhisperEngine, decodeToPcm, encodeWav, type WhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { inferenceHostEnv } from '../../src/features/transcription/engines/whisper/pool.ts';
import { wordErrorRate } from '../support/wer.ts';
import { concat, LIBRIVOX_CLIP, LIBRIVOX_TEXT, SHARED_MODEL_CACHE, tempDir } from './helpers.ts';

/** CPU seconds a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('built-in Whisper engine with two inference processes', () => {
  let engine: WhisperEngine;
  const dir = tempDir();
  let path = '';
  const copies = 12;

  beforeAll(async () => {
    engine = createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE, processes: 2, idleReleaseMs: 0 });
    await engine.ready();
    const pcm = await decodeToPcm(`${LIBRIVOX_CLIP}.wav`);
    const clip = await pcm.read(0, pcm.length);
    await pcm.dispose();
    const gap = new Float32Array(Math.round(0.8 * 16000));
    // ~95 s: long enough to be cut into two parts of at least 30 s of speech.
    path = join(dir, 'long.wav');
    await writeFile(path, encodeWav(concat(Array.from({ length: copies }, () => [clip, gap]).flat()), 16000));
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("runs the inference processes with glibc's huge pages for the memory each window maps", () => {
    for (const pid of engine.processIds) {
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(
        environment
          .find((v) => v.startsWith('GLIBC_TUNABLES='))
          ?.split('=')
          .slice(1)
          .join('=')
          .split(':'),
      ).toContain('glibc.malloc.hugetlb=1');
    }
  });

  it("keeps an operator's tunables and huge-page choice, and leaves the server's fixed mmap threshold out", () => {
    expect(inferenceHostEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' });
    expect(inferenceHostEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1',
    );
    expect(inferenceHostEnv({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }).GLIBC_TUNABLES).toBe('glibc.malloc.hugetlb=0');
    // The server's fixed mmap threshold (start scripts) is the server's: the inference processes keep glibc's own.
    const env = inferenceHostEnv({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' });
    expect(env).toEqual({ MALLOC_ARENA_MAX: '2', GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' });
  });

  it('transcribes one long recording in parts on both processes, the text in order and complete', async () => {
    const pids = engine.processIds;
    expect(pids).toHaveLength(2);
    const before = pids.map(cpuSeconds);
    const progress: number[] = [];
    const result = await engine.transcribe({ filePath: path, onProgress: (p) => progress.push(p) });
    const used = pids.map((pid, i) => cpuSeconds(pid) - before[i]);
    // Each process decoded windows of its own part (a part is several seconds of CPU).
    for (const seconds of used) expect(seconds).toBeGreaterThan(1);
    const text = result.segments.map((s) => s.text).join(' ');
    expect(wordErrorRate(Array(copies).fill(LIBRIVOX_TEXT).join(' '), text).rate).toBeLessThan(0.1);
    let previousEnd = 0;
    for (const s of result.segments) {
      expect(s.start).toBeGreaterThanOrEqual(previousEnd);
      expect(s.end).toBeGreaterThan(s.start);
      previousEnd = s.end;
    }
    expect(result.segments.at(-1)!.end).toBeGreaterThan(result.durationSeconds - 2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  }, 120_000);

  it('gives two recordings at once turns: the second makes progress before the first is done', async () => {
    const events: string[] = [];
    // Both recordings are decoded before either reaches the inference queue (a decode thread that
    // starts late on a busy machine is not what this test is about): turns are taken from there on.
    let decoded = 0;
    let bothDecoded!: () => void;
    const barrier = new Promise<void>((resolve) => (bothDecoded = resolve));
    const run = (name: string) =>
      engine
        .transcribe({
          filePath: path,
          onDuration: async () => {
            if (++decoded === 2) bothDecoded();
            await barrier;
          },
          onProgress: (p) => {
            if (p > 0 && p < 1 && !events.includes(`${name} started`)) events.push(`${name} started`);
          },
        })
        .then((r) => (events.push(`${name} done`), r));
    const [a, b] = await Promise.all([run('a'), run('b')]);
    expect(events.indexOf('b started')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('b started')).toBeLessThan(events.indexOf('a done'));
    expect(events.indexOf('a started')).toBeLessThan(events.indexOf('b done'));
    expect(b.segments.map((s) => s.text)).toEqual(a.segments.map((s) => s.text));
  }, 180_000);
});

describe('built-in Whisper engine inference processes when idle', () => {
  it('end after the idle time (their memory goes back to the system) and start again for the next job', async () => {
    const engine = createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE, processes: 2, idleReleaseMs: 200 });
    try {
      const first = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` });
      const pids = engine.processIds;
      expect(pids).toHaveLength(2);
      expect(pids.every(alive)).toBe(true);
      // Released after 200 ms idle, the processes then exit: awaited (a busy machine can take longer
      // than the fixed 1.5 s looked at before to end two processes), not sampled.
      await vi.waitFor(
        () => {
          expect(engine.loaded).toBe(false);
          expect(pids.some(alive)).toBe(false);
        },
        { timeout: 15_000, interval: 50 },
      );
      const again = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` });
      expect(again.segments.map((s) => s.text)).toEqual(first.segments.map((s) => s.text));
      expect(engine.processIds.some((pid) => pids.includes(pid))).toBe(false);
    } finally {
      await engine.close();
    }
  }, 120_000);
});
