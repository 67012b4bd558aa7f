// The built-in engine's review data with the real model: confidence on every segment, and flags on
// clips built to make tiny.en go wrong, never on the clean LibriVox reading around them.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionResult, TranscriptSegment } from '../../src/features/transcription/engines/types.ts';
import { createWhisperEngine, decodeToPcm, encodeWav, type WhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { concat, LIBRIVOX_CLIP, SHARED_MODEL_CACHE, tempDir } from './helpers.ts';

const RATE = 16000;

/** A short melody of pure tones (C E G C' G E, a quarter second each) with a second harmonic. */
function tones(seconds: number): Float32Array {
  const notes = [262, 330, 392, 523, 392, 330];
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) {
    const f = notes[Math.floor(i / (RATE / 4)) % notes.length];
    out[i] = 0.3 * Math.sin((2 * Math.PI * f * i) / RATE) + 0.1 * Math.sin((2 * Math.PI * 2 * f * i) / RATE);
  }
  return out;
}

/** The clip's sentence as the engine writes it, for telling the clean reading from the rest. */
const isTheSentence = (s: TranscriptSegment) => /^And Mr\. John Dashwood .* for them\.$/.test(s.text);

describe('built-in Whisper engine: confidence and review flags', () => {
  let engine: WhisperEngine;
  let clip: Float32Array;
  const dir = tempDir();

  const transcribe = async (name: string, audio: Float32Array): Promise<TranscriptionResult> => {
    const file = join(dir, `${name}.wav`);
    await writeFile(file, encodeWav(audio, RATE));
    return engine.transcribe({ filePath: file });
  };

  /** The clean reading: sure of itself and not flagged. */
  const expectClean = (s: TranscriptSegment | undefined) => {
    expect(s).toBeDefined();
    expect(s!.confidence).toBeGreaterThan(0.75);
    expect(s!.flags).toBeUndefined();
    expect('flags' in s!).toBe(false); // omitted, not an empty list
  };

  beforeAll(async () => {
    engine = createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE });
    await engine.ready();
    const pcm = await decodeToPcm(`${LIBRIVOX_CLIP}.wav`);
    clip = await pcm.read(0, pcm.length);
    await pcm.dispose();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the LibriVox reading high confidence and no flags', async () => {
    const result = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` });
    expect(result.segments.length).toBeGreaterThan(0);
    for (const s of result.segments) expectClean(s);
  });

  it('writes nothing into several seconds of silence and flags neither reading around it', async () => {
    // 0-7.1 s speech, 8 s of digital silence, then the reading again (15.1-22.2 s).
    const result = await transcribe('silence', concat([clip, new Float32Array(8 * RATE), clip]));
    expect(result.segments.filter((s) => s.start > 7.3 && s.start < 14.8)).toEqual([]);
    expect(result.segments.filter(isTheSentence)).toHaveLength(2);
    for (const s of result.segments) expectClean(s);
  });

  it("flags text written over a tone the VAD does not take for speech ('silence', 'low_confidence')", async () => {
    // 0-7.1 s speech, 7.1-8.9 s a melody of tones, then the reading again. tiny.en writes '[BEEP]' there.
    const result = await transcribe('tones', concat([clip, tones(1.8), clip]));
    const [first, ...rest] = result.segments;
    expectClean(first);
    expect(isTheSentence(first)).toBe(true);
    const overTone = rest.filter((s) => s.start >= 6.9 && s.end <= 9.3);
    expect(overTone.length).toBeGreaterThan(0);
    for (const s of overTone) {
      expect(s.flags).toEqual(expect.arrayContaining(['silence', 'low_confidence']));
      expect(s.confidence).toBeLessThan(0.5);
    }
    expectClean(rest.find((s) => s.start > 8.5 && isTheSentence(s)));
  });

  it("flags the model repeating itself on a looped word ('repetition')", async () => {
    // The reading, then 'Mr. John' (0.3-0.9 s of the clip) looped 20 times: tiny.en writes the loop and
    // runs past it with the same words.
    const word = clip.slice(Math.round(0.3 * RATE), Math.round(0.9 * RATE));
    const result = await transcribe('loop', concat([clip, ...Array.from({ length: 20 }, () => word)]));
    const [first, ...loop] = result.segments;
    expectClean(first);
    expect(loop.length).toBeGreaterThan(0);
    for (const s of loop) expect(s.flags).toContain('repetition');
  });

  it("flags every invented segment on speech-like sound (reversed speech), most as 'low_confidence'", async () => {
    // The reading, then the same audio backwards twice: it sounds like speech, but has no words in it.
    const reversed = clip.slice().reverse();
    const result = await transcribe('reversed', concat([clip, reversed, reversed]));
    const [first, ...invented] = result.segments;
    expectClean(first);
    expect(isTheSentence(first)).toBe(true);
    expect(invented.length).toBeGreaterThan(0);
    for (const s of invented) expect(s.flags?.length ?? 0).toBeGreaterThan(0);
    expect(invented.filter((s) => s.flags?.includes('low_confidence')).length).toBeGreaterThan(0);
    // Overall far less sure than the real reading.
    const mean = invented.reduce((sum, s) => sum + (s.confidence ?? 1), 0) / invented.length;
    expect(mean).toBeLessThan(first.confidence! - 0.2);
  });
});
