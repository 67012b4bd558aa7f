import { appendFile, copyFile, readdir, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import protos from 'onnx-proto';
import {
  defaultSourceModelPath,
  prepareWhisperModel,
  REWRITE_VERSION,
  stftAsConvolutionNodes,
} from '../../src/features/transcription/engines/whisper/model.ts';
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
    const before = await stat(join(cacheDir, `whisper-tiny.en-timestamps-r${REWRITE_VERSION}.onnx`));
    const again = await prepareWhisperModel({ cacheDir, sourcePath: source });
    expect(again.rewritten).toBe(false);
    expect((await stat(again.modelPath)).mtimeMs).toBe(before.mtimeMs);
    expect(again.tokenizer.special.firstTimestamp).toBe(50363);
  });

  it('rebuilds a damaged cache file', async () => {
    await truncate(join(cacheDir, `whisper-tiny.en-timestamps-r${REWRITE_VERSION}.onnx`), 1000);
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
    expect(used.modelPath).toBe(join(prebuiltDir, `whisper-tiny.en-timestamps-r${REWRITE_VERSION}.onnx`));
    expect(await readdir(dataCache).catch(() => [])).toEqual([]);

    // A changed source (another package version): the prebuilt model no longer fits.
    await appendFile(source, Uint8Array.from([0x32, 0x02, 0x68, 0x69]));
    const own = await prepareWhisperModel({ cacheDir: dataCache, sourcePath: source, prebuiltDir });
    expect(own.rewritten).toBe(true);
    expect(own.modelPath).toBe(join(dataCache, `whisper-tiny.en-timestamps-r${REWRITE_VERSION}.onnx`));
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
      `whisper-tiny.en-r${REWRITE_VERSION}.stamp.json`,
      `whisper-tiny.en-timestamps-r${REWRITE_VERSION}.onnx`,
      `whisper-tiny.en-tokenizer-r${REWRITE_VERSION}.json`,
    ]);
  }, 60_000);
});

describe('the front end STFT as a convolution', () => {
  /** A model with one STFT node as Whisper's front end has it (periodic Hann window of 400, step 160, one-sided). */
  function stftModel(nodes: Uint8Array[] | null): Uint8Array {
    const { onnx } = protos;
    const float = onnx.TensorProto.DataType.FLOAT;
    const int64 = onnx.TensorProto.DataType.INT64;
    const window = Float32Array.from({ length: 400 }, (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / 400));
    const constant = (name: string, t: protos.onnx.ITensorProto) =>
      onnx.NodeProto.encode({
        opType: 'Constant',
        output: [name],
        attribute: [{ name: 'value', type: onnx.AttributeProto.AttributeType.TENSOR, t }],
      }).finish();
    const graphNodes = nodes
      ? nodes
      : [
          constant('step', { dims: [], dataType: int64, int64Data: [160] }),
          constant('length', { dims: [], dataType: int64, int64Data: [400] }),
          constant('window', { dims: [400], dataType: float, rawData: new Uint8Array(window.buffer) }),
          onnx.NodeProto.encode({
            opType: 'STFT',
            input: ['signal', 'step', 'window', 'length'],
            output: ['spectrum'],
            attribute: [{ name: 'onesided', type: onnx.AttributeProto.AttributeType.INT, i: 1 }],
          }).finish(),
        ];
    return onnx.ModelProto.encode({
      irVersion: 8,
      opsetImport: [{ domain: '', version: 17 }],
      graph: {
        name: 'front-end',
        node: graphNodes.map((bytes) => onnx.NodeProto.decode(bytes)),
        input: [
          {
            name: 'signal',
            type: { tensorType: { elemType: float, shape: { dim: [{ dimValue: 1 }, { dimParam: 'samples' }, { dimValue: 1 }] } } },
          },
        ],
        output: [{ name: 'spectrum', type: { tensorType: { elemType: float } } }],
      },
    }).finish();
  }

  it("gives the STFT node's spectrum: same shape, same values to float precision", async () => {
    const window = Array.from({ length: 400 }, (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / 400));
    const asConvolution = stftModel(
      stftAsConvolutionNodes({ signal: 'signal', output: 'spectrum', window, frameStep: 160, frameLength: 400 }),
    );
    // Speech-like input: a few tones and noise, 2 s at 16 kHz.
    const samples = 32_000;
    const signal = Float32Array.from(
      { length: samples },
      (_, i) => 0.3 * Math.sin(i * 0.05) + 0.2 * Math.sin(i * 0.31) + 0.05 * (((i * 7919) % 1000) / 500 - 1),
    );
    const run = async (model: Uint8Array) => {
      const session = await ort.InferenceSession.create(model);
      try {
        const out = await session.run({ signal: new ort.Tensor('float32', signal, [1, samples, 1]) });
        return out.spectrum;
      } finally {
        await session.release();
      }
    };
    const [expected, actual] = [await run(stftModel(null)), await run(asConvolution)];
    expect(actual.dims).toEqual(expected.dims); // [1, frames, 201, 2]
    expect(expected.dims).toEqual([1, Math.floor((samples - 400) / 160) + 1, 201, 2]);
    const e = expected.data as Float32Array;
    const a = actual.data as Float32Array;
    let peak = 0;
    let worst = 0;
    for (let i = 0; i < e.length; i++) {
      peak = Math.max(peak, Math.abs(e[i]));
      worst = Math.max(worst, Math.abs(e[i] - a[i]));
    }
    expect(peak).toBeGreaterThan(10);
    expect(worst / peak).toBeLessThan(1e-5);
  });
});
