import { appendFile, copyFile, readdir, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSourceModelPath, prepareWhisperModel } from '../../src/features/transcription/engines/whisper/model.ts';
import { tempDir } from './helpers.ts';

describe('graph rewrite and model cache', () => {
  const dir = tempDir();
  const source = join(dir, 'source.onnx');
  const cacheDir = join(dir, 'models');

  beforeAll(async () => {
    await copyFile(defaultSourceModelPath(), source);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rewrites the shipped graph into one plain onnxruntime-node runs, with timestamp inputs and token output', async () => {
    const prepared = await prepareWhisperModel({ cacheDir, sourcePath: source });
    expect(prepared.rewritten).toBe(true);
    const session = await ort.InferenceSession.create(prepared.modelPath);
    try {
      expect(session.inputNames).toEqual(expect.arrayContaining(['audio_pcm', 'vocab_mask', 'decoder_input_ids', 'logits_processor']));
      expect(session.outputNames).toEqual(['sequences', 'token_scores']);
    } finally {
      await session.release();
    }
    expect((await readdir(cacheDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('reuses the cached file while it matches the source', async () => {
    const before = await stat(join(cacheDir, 'whisper-tiny.en-timestamps-r4.onnx'));
    const again = await prepareWhisperModel({ cacheDir, sourcePath: source });
    expect(again.rewritten).toBe(false);
    expect((await stat(again.modelPath)).mtimeMs).toBe(before.mtimeMs);
    expect(again.tokenizer.special.firstTimestamp).toBe(50363);
  });

  it('rebuilds a damaged cache file', async () => {
    await truncate(join(cacheDir, 'whisper-tiny.en-timestamps-r4.onnx'), 1000);
    expect((await prepareWhisperModel({ cacheDir, sourcePath: source })).rewritten).toBe(true);
    expect((await prepareWhisperModel({ cacheDir, sourcePath: source })).rewritten).toBe(false);
  }, 60_000);

  it('rebuilds when the source model changes', async () => {
    // A doc_string field (6) appended to the ModelProto: still a valid model, different bytes.
    await appendFile(source, Uint8Array.from([0x32, 0x02, 0x68, 0x69]));
    expect((await prepareWhisperModel({ cacheDir, sourcePath: source })).rewritten).toBe(true);
  }, 60_000);

  it("uses the build's prebuilt model while it fits the source, and the data folder's cache once it does not", async () => {
    const prebuiltDir = join(dir, 'prebuilt');
    const dataCache = join(dir, 'data-models');
    await prepareWhisperModel({ cacheDir: prebuiltDir, sourcePath: source });
    const used = await prepareWhisperModel({ cacheDir: dataCache, sourcePath: source, prebuiltDir });
    expect(used.rewritten).toBe(false);
    expect(used.modelPath).toBe(join(prebuiltDir, 'whisper-tiny.en-timestamps-r4.onnx'));
    expect(await readdir(dataCache).catch(() => [])).toEqual([]);

    // A changed source (another package version): the prebuilt model no longer fits.
    await appendFile(source, Uint8Array.from([0x32, 0x02, 0x68, 0x69]));
    const own = await prepareWhisperModel({ cacheDir: dataCache, sourcePath: source, prebuiltDir });
    expect(own.rewritten).toBe(true);
    expect(own.modelPath).toBe(join(dataCache, 'whisper-tiny.en-timestamps-r4.onnx'));
  }, 60_000);

  it('survives two preparations of the same cache at once', async () => {
    const fresh = join(dir, 'parallel');
    const [a, b] = await Promise.all([
      prepareWhisperModel({ cacheDir: fresh, sourcePath: source }),
      prepareWhisperModel({ cacheDir: fresh, sourcePath: source }),
    ]);
    expect(a.modelPath).toBe(b.modelPath);
    const session = await ort.InferenceSession.create(a.modelPath);
    await session.release();
    expect((await readdir(fresh)).sort()).toEqual([
      'whisper-tiny.en-r4.stamp.json',
      'whisper-tiny.en-timestamps-r4.onnx',
      'whisper-tiny.en-tokenizer-r4.json',
    ]);
  }, 60_000);
});
