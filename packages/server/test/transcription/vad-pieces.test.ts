import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToPcm, type Pcm } from '../../src/features/transcription/engines/whisper/audio.ts';
import { vadBlock } from '../../src/features/transcription/engines/whisper/inference.ts';
import { blockwiseProbabilities, SileroVad, VAD_LANE_SAMPLES, vadPieces } from '../../src/features/transcription/engines/whisper/vad.ts';
import { concat, LIBRIVOX_CLIP } from './helpers.ts';

const lanesOf = (pieces: { start: number; end: number }[]) => pieces.map((p) => Math.ceil((p.end - p.start) / VAD_LANE_SAMPLES));

describe('VAD pieces for several inference processes', () => {
  it('gives two processes about the same number of lanes, never crossing a block of eight', () => {
    const seconds = (s: number) => s * 16000;
    expect(lanesOf(vadPieces(seconds(316), 2))).toEqual([6, 2, 3]); // 6 on one process, 2 + 3 on the other
    expect(lanesOf(vadPieces(seconds(316), 1))).toEqual([8, 3]); // one process: whole blocks, as before
    expect(lanesOf(vadPieces(seconds(100), 2))).toEqual([2, 2]);
    expect(lanesOf(vadPieces(seconds(7200), 2)).every((lanes) => lanes === 8)).toBe(true);
    // Every sample in exactly one piece, in order.
    const pieces = vadPieces(seconds(316) + 123, 2);
    expect(pieces[0].start).toBe(0);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i].start).toBe(pieces[i - 1].end);
    expect(pieces.at(-1)!.end).toBe(seconds(316) + 123);
  });

  describe('with the Silero session', () => {
    let vad: SileroVad;
    let samples: Float32Array;
    beforeAll(async () => {
      vad = await SileroVad.create();
      const pcm = await decodeToPcm(`${LIBRIVOX_CLIP}.wav`);
      const clip = await pcm.read(0, pcm.length);
      await pcm.dispose();
      // ~100 s: the reading at its level, then the same reading at 2 % of it. The block's level lift
      // comes from its loud part (none); a piece with only the quiet part would lift itself on its own.
      const quiet = clip.map((x) => x * 0.02);
      const gap = new Float32Array(8000);
      samples = concat([...Array.from({ length: 5 }, () => [clip, gap]).flat(), ...Array.from({ length: 9 }, () => [quiet, gap]).flat()]);
    }, 60_000);
    afterAll(async () => {
      await vad?.release();
    });

    it('gives the same probabilities as the whole-file pass', async () => {
      const pcm: Pcm = {
        sampleRate: 16000,
        length: samples.length,
        read: async (start, end) => samples.slice(Math.max(0, start), Math.min(samples.length, end)),
        dispose: async () => {},
      };
      const whole = await vad.frameProbabilities(pcm);
      const pieces: number[] = [];
      const split = await blockwiseProbabilities(
        pcm,
        (audio, gain) => {
          pieces.push(audio.length);
          return vadBlock(vad, audio, gain);
        },
        { concurrency: 2 },
      );
      expect(pieces.length).toBe(2);
      expect(split).toEqual(whole);
      // The quiet reading is found as speech at all (the lift worked), on the second piece.
      const secondHalf = whole.subarray(Math.ceil(whole.length / 2));
      expect(secondHalf.filter((p) => p > 0.5).length).toBeGreaterThan(secondHalf.length / 4);
    }, 60_000);
  });
});
