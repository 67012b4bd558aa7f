// Speaker detection (speakers/detect.ts) on recordings whose truth is known: a conversation of three
// voices (a LibriVox reader and two espeak-ng voices; fixtures README) and the reader alone. Counts and
// confusion are printed; the same figures over more conversations: `pnpm bench speakers`.
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/features/transcription/engines/whisper/audio.ts';
import { detectSpeakers, speakerName } from '../../src/features/transcription/speakers/detect.ts';
import { concatenate, confusion, memorySource, segmentsOf, THREE_VOICES, threeVoicesTurns } from '../support/conversations.ts';
import { wordTimeReferences } from '../support/word-onsets.ts';

async function samplesOf(path: string): Promise<Float32Array> {
  const decoded = await decodeAudio(path);
  if (decoded.kind !== 'memory') throw new Error('a short recording decodes into memory');
  return decoded.samples;
}

describe('speaker detection', () => {
  it('finds the three voices of a conversation, names them in order of appearance, and confuses little', async () => {
    const turns = threeVoicesTurns();
    const audio = memorySource(await samplesOf(THREE_VOICES));
    const { segments, speakers } = await detectSpeakers(audio, segmentsOf(turns));
    const error = confusion(segments, turns);
    console.log(`three voices: ${speakers} speakers found, confusion ${(error * 100).toFixed(1)} %`);
    expect(speakers).toBe(3);
    expect(error).toBeLessThanOrEqual(0.15);
    expect(segments[0]!.speaker).toBe(speakerName(1));
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set([1, 2, 3].map(speakerName)));
    // Each voice keeps its name across its turns.
    const byTruth = new Map<string, Set<string>>();
    segments.forEach((s, i) => byTruth.set(turns[i]!.speaker, (byTruth.get(turns[i]!.speaker) ?? new Set()).add(s.speaker)));
    expect([...byTruth.values()].map((names) => names.size)).toEqual([1, 1, 1]);
  });

  it('splits a segment that spans a change of speaker between the words where it changes', async () => {
    const turns = threeVoicesTurns();
    const audio = memorySource(await samplesOf(THREE_VOICES));
    // Two turns per segment: every segment holds a change.
    const joined = segmentsOf(turns, 2);
    const { segments } = await detectSpeakers(audio, joined);
    expect(segments.length).toBeGreaterThanOrEqual(turns.length - 1);
    for (let i = 0; i + 1 < turns.length; i += 2) {
      const change = turns[i + 1]!.start;
      // The part that starts nearest the change starts within a word of it, with another speaker.
      const part = segments.reduce((a, b) => (Math.abs(b.start - change) < Math.abs(a.start - change) ? b : a));
      expect(Math.abs(part.start - change), `change at ${change} s`).toBeLessThanOrEqual(0.5);
      const before = segments[segments.indexOf(part) - 1]!;
      expect(part.speaker).not.toBe(before.speaker);
      // The parts keep their words, and their text is their words.
      expect(part.text).toBe(
        part
          .words!.map((w) => w.text)
          .join('')
          .trim(),
      );
    }
    expect(segments.flatMap((s) => s.words!).length).toBe(joined.flatMap((s) => s.words!).length);
    expect(segments[0]!.start).toBe(joined[0]!.start);
    expect(segments.at(-1)!.end).toBe(joined.at(-1)!.end);
  });

  it('finds the same three voices in an hour of their conversation, read a minute at a time', async () => {
    // The fixture played 60 times over (720 turns), from a source that makes each read on demand, as the
    // engine's Pcm of a long recording reads its file. With minutes of each voice, what one voice's
    // passages differ by (other words) must not make it two speakers.
    const once = await samplesOf(THREE_VOICES);
    const turnsOnce = threeVoicesTurns();
    const times = 60;
    const seconds = once.length / 16000;
    const audio = {
      length: once.length * times,
      read: async (start: number, end: number) => {
        const out = new Float32Array(Math.max(0, Math.min(end, once.length * times) - Math.max(0, start)));
        for (let i = 0; i < out.length; i++) out[i] = once[(Math.max(0, start) + i) % once.length]!;
        return out;
      },
    };
    const turns = Array.from({ length: times }, (_, k) =>
      turnsOnce.map((t) => ({ ...t, start: t.start + k * seconds, end: t.end + k * seconds })),
    ).flat();
    const { segments, speakers } = await detectSpeakers(audio, segmentsOf(turns));
    const error = confusion(segments, turns);
    console.log(`an hour of three voices: ${speakers} speakers found, confusion ${(error * 100).toFixed(1)} %`);
    expect(speakers).toBe(3);
    expect(error).toBeLessThanOrEqual(0.15);
  });

  it('keeps one reader one speaker', async () => {
    const clips = await Promise.all(wordTimeReferences().map(async ([path]) => ({ speaker: 'reader', samples: await samplesOf(path) })));
    const { samples, turns } = concatenate([...clips, ...clips], 0.6);
    const { segments, speakers } = await detectSpeakers(memorySource(samples), segmentsOf(turns));
    console.log(`one reader, ${Math.round(samples.length / 16000)} s: ${speakers} speaker(s) found`);
    expect(speakers).toBe(1);
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set([speakerName(1)]));
  });

  it('keeps one reader one speaker when music and silence come between, and gives them no speaker of their own', async () => {
    const reader = await Promise.all(wordTimeReferences().map(async ([path]) => samplesOf(path)));
    // Music: a chord of three harmonic tones gliding and swelling (what an intro jingle gives), 6 s.
    const music = new Float32Array(6 * 16000);
    for (let i = 0; i < music.length; i++) {
      const t = i / 16000;
      const swell = 0.5 + 0.5 * Math.sin(2 * Math.PI * 0.5 * t);
      let v = 0;
      for (const [f, a] of [
        [220, 0.3],
        [277, 0.2],
        [330, 0.2],
      ] as const)
        for (let h = 1; h <= 4; h++) v += (a / h) * Math.sin(2 * Math.PI * f * h * (t + 0.002 * Math.sin(2 * Math.PI * 5 * t)));
      music[i] = 0.3 * swell * v;
    }
    // Silence with the hiss of a quiet room, 4 s.
    let seed = 7;
    const silence = Float32Array.from(
      { length: 4 * 16000 },
      () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.002,
    );
    const clips = [
      { speaker: 'reader', samples: reader[0]! },
      { speaker: 'music', samples: music },
      { speaker: 'reader', samples: reader[1]! },
      { speaker: 'silence', samples: silence },
      { speaker: 'reader', samples: reader[2]! },
      { speaker: 'music', samples: music },
      { speaker: 'reader', samples: reader[3] ?? reader[0]! },
    ];
    const { samples, turns } = concatenate(clips, 0.6);
    // As the engine gives them: a segment each; over the music its tag, over the silence a word it
    // guessed, which the review marks 'silence' (the voice-activity detector heard no speech there).
    const given = segmentsOf(turns).map((segment, i) =>
      turns[i]!.speaker === 'music'
        ? { ...segment, text: '(upbeat music)', words: [{ text: '(upbeat music)', start: segment.start, end: segment.end }] }
        : turns[i]!.speaker === 'silence'
          ? {
              ...segment,
              text: 'Thank you.',
              words: [{ text: 'Thank you.', start: segment.start, end: segment.end }],
              flags: ['silence' as const],
            }
          : segment,
    );
    const { segments, speakers } = await detectSpeakers(memorySource(samples), given);
    console.log(`one reader with music and silence between: ${speakers} speaker(s) found`);
    expect(speakers).toBe(1);
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set([speakerName(1)]));
  });

  it('gives exactly the count asked for', async () => {
    const turns = threeVoicesTurns();
    const audio = memorySource(await samplesOf(THREE_VOICES));
    for (const count of [1, 2, 4]) {
      const { segments, speakers } = await detectSpeakers(audio, segmentsOf(turns), { count });
      expect(speakers, `count ${count}`).toBe(count);
      expect(new Set(segments.map((s) => s.speaker)).size).toBe(count);
    }
  });

  it('labels segments without word times as wholes, and leaves an empty transcript empty', async () => {
    const turns = threeVoicesTurns();
    const audio = memorySource(await samplesOf(THREE_VOICES));
    const plain = segmentsOf(turns).map(({ words: _words, ...segment }) => segment);
    const { segments, speakers } = await detectSpeakers(audio, plain);
    expect(segments).toHaveLength(plain.length);
    expect(speakers).toBe(3);
    expect(segments.map((s) => s.text)).toEqual(plain.map((s) => s.text));
    expect(await detectSpeakers(audio, [])).toEqual({ segments: [], speakers: 0 });
  });
});
