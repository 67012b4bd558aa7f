// The encoder's self-attention in its two arithmetics (encoder-attention.ts): the flash form is a
// different graph with files of its own, and it still transcribes the reading word for word. Whether it
// stays within the word-error budget on the whole accuracy set is the bench's question
// (`pnpm bench arithmetic`): it does not, so 'fused' stays the default.
import { readFile, readdir, rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { prepareWhisperModel } from '../../src/features/transcription/engines/whisper/model.ts';
import { fieldText, readFields } from '../../src/features/transcription/engines/whisper/proto-wire.ts';
import { LIBRIVOX_CLIP, SHARED_MODEL_CACHE, tempDir } from './helpers.ts';

/** Node kinds of the beam search's `encoder` subgraph (onnx.proto field numbers). */
async function encoderOps(modelPath: string): Promise<string[]> {
  const graph = readFields(readFields(await readFile(modelPath)).find((f) => f.field === 7)!.payload);
  for (const node of graph.filter((f) => f.field === 1)) {
    for (const attr of readFields(node.payload).filter((f) => f.field === 5)) {
      const fields = readFields(attr.payload);
      if (fieldText(fields.find((f) => f.field === 1)!) !== 'encoder') continue;
      return readFields(fields.find((f) => f.field === 6)!.payload)
        .filter((f) => f.field === 1)
        .map((n) => fieldText(readFields(n.payload).find((f) => f.field === 4)!));
    }
  }
  throw new Error('no encoder subgraph');
}
const count = (ops: string[], op: string) => ops.filter((o) => o === op).length;

describe("the encoder's self-attention: shipped (fused) and flash", () => {
  const dir = tempDir();
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rewrites the four unmasked encoder self-attentions into MultiHeadAttention, in files beside the default', async () => {
    const fused = await prepareWhisperModel({ cacheDir: dir });
    const flash = await prepareWhisperModel({ cacheDir: dir, encoderAttention: 'flash' });
    expect(flash.modelPath).not.toBe(fused.modelPath);
    expect(flash.modelPath).toMatch(/-flash\.onnx$/);
    const [before, after] = await Promise.all([encoderOps(fused.modelPath), encoderOps(flash.modelPath)]);
    // The decoder-init's four self-attentions (masked, with a present output) stay fused.
    expect(count(before, 'Attention')).toBe(8);
    expect(count(after, 'Attention')).toBe(4);
    expect(count(after, 'MultiHeadAttention')).toBe(count(before, 'MultiHeadAttention') + 4);
    expect(count(after, 'Split')).toBe(count(before, 'Split') + 4);
    // Each form keeps its own cache: preparing one again does not rewrite the other.
    expect((await prepareWhisperModel({ cacheDir: dir })).rewritten).toBe(false);
    expect((await readdir(dir)).filter((f) => f.endsWith('.stamp.json'))).toHaveLength(2);
  }, 120_000);

  it('transcribes the LibriVox reading to the same words in both', async () => {
    const texts: string[] = [];
    for (const [cacheDir, encoderAttention] of [
      [SHARED_MODEL_CACHE, 'fused'],
      [dir, 'flash'],
    ] as const) {
      const engine = createWhisperEngine({ cacheDir, encoderAttention, processes: 1 });
      try {
        const result = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` });
        texts.push(result.segments.map((s) => s.text).join(' '));
      } finally {
        await engine.close();
      }
    }
    expect(texts[0]).toMatch(
      /^And Mr\. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them\.$/,
    );
    expect(texts[1]).toBe(texts[0]);
  }, 120_000);
});
