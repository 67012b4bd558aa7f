// Speaker detection (issue 36; speakers/detect.ts) on conversations whose truth is known by construction.
// Voices: the 13 of support/voices.ts (a LibriVox reader and two perturbations of him, six espeak-ng
// voices, flite's four). Each conversation draws 1-4 of them and alternates 16 turns (one clip each, no
// voice twice in a row) with 0.1-0.6 s of silence between; segments are the turns with stand-in words
// every 0.4 s (the engine's word times are measured by `pnpm bench word-timing`). Reports, per number of
// speakers and over all: how often the count is right, and the confusion (share of speech given to the
// wrong speaker, 0.25 s collar). Targets on 2-4 speakers: count right, confusion at most 15 %; one voice
// stays one. The figures are given over all and apart for the conversations where two voices are near
// twins: variants of one recording (the reader and its perturbations) or of one synthesiser at the same
// pitch (espeak-ng's m3, f2, m7 and rp+m1 all speak at about 100 Hz), which no single-Gaussian model
// tells apart reliably. Then the cost: time per hour of audio and the memory detection adds, against the same
// recording's decoding in the same run.
import { cpus, loadavg } from 'node:os';
import { detectSpeakers } from '../packages/server/src/features/transcription/speakers/detect.ts';
import { concatenate, confusion, memorySource, segmentsOf } from '../packages/server/test/support/conversations.ts';
import { benchVoices, TWINS } from './support/voices.ts';

const CONVERSATIONS_PER_COUNT = 30;
const TURNS = 16;

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (before the run)`,
);
const voices = await benchVoices();

let seed = 36;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const names = [...voices.keys()];
const rows: { speakers: number; found: number; error: number; seconds: number; ms: number; twins: boolean }[] = [];
for (let speakers = 1; speakers <= 4; speakers++)
  for (let c = 0; c < CONVERSATIONS_PER_COUNT; c++) {
    const cast = [...names].sort(() => random() - 0.5).slice(0, speakers);
    const turns: { speaker: string; samples: Float32Array }[] = [];
    for (let t = 0; t < TURNS; t++) {
      let speaker = cast[Math.floor(random() * speakers)]!;
      while (speakers > 1 && speaker === turns.at(-1)?.speaker) speaker = cast[Math.floor(random() * speakers)]!;
      const lines = voices.get(speaker)!;
      turns.push({ speaker, samples: lines[Math.floor(random() * lines.length)]! });
    }
    // Silence between turns of 0.1-0.6 s: concatenate's gap is fixed, so each turn carries its own.
    const padded = turns.map((turn) => {
      const gap = Math.round((0.1 + random() * 0.5) * 16000);
      const samples = new Float32Array(turn.samples.length + gap);
      samples.set(turn.samples);
      return { speaker: turn.speaker, samples, length: turn.samples.length };
    });
    const { samples, turns: truth } = concatenate(padded, 0);
    truth.forEach((t, i) => (t.end = t.start + padded[i]!.length / 16000));
    const started = performance.now();
    const result = await detectSpeakers(memorySource(samples), segmentsOf(truth));
    rows.push({
      speakers,
      found: result.speakers,
      error: confusion(result.segments, truth),
      seconds: samples.length / 16000,
      ms: performance.now() - started,
      twins: TWINS.some((family) => cast.filter((voice) => family.includes(voice)).length > 1),
    });
  }

const pct = (x: number) => `${Math.max(0, x * 100).toFixed(1)} %`;
console.log(`\n${CONVERSATIONS_PER_COUNT} conversations per number of speakers, ${TURNS} turns each (${names.length} voices)`);
console.log('speakers  count right  confusion (mean, worst)  found instead');
for (let speakers = 1; speakers <= 4; speakers++) {
  const set = rows.filter((r) => r.speakers === speakers);
  const right = set.filter((r) => r.found === speakers).length;
  const errors = set.map((r) => r.error);
  const wrong = set.filter((r) => r.found !== speakers).map((r) => r.found);
  console.log(
    `${String(speakers).padStart(8)}  ${`${right}/${set.length}`.padStart(11)}  ${pct(errors.reduce((a, b) => a + b, 0) / errors.length).padStart(9)}, ${pct(Math.max(...errors)).padStart(7)}     ${wrong.join(' ') || '-'}`,
  );
}
const summary = (label: string, set: typeof rows) => {
  const speech = set.reduce((a, r) => a + r.seconds, 0);
  console.log(
    `${label}: count right ${set.filter((r) => r.found === r.speakers).length}/${set.length}, confusion ${pct(set.reduce((a, r) => a + r.error * r.seconds, 0) / speech)} of speech`,
  );
};
const multi = rows.filter((r) => r.speakers > 1);
summary('2-4 speakers (targets: count right in all, confusion <= 15 %)', multi);
summary(
  '  no near twins',
  multi.filter((r) => !r.twins),
);
summary(
  '  near twins among them',
  multi.filter((r) => r.twins),
);
console.log(`one voice stays one: ${rows.filter((r) => r.speakers === 1 && r.found === 1).length}/${CONVERSATIONS_PER_COUNT}`);
const audioSeconds = rows.reduce((a, r) => a + r.seconds, 0);
console.log(
  `detection time: ${((rows.reduce((a, r) => a + r.ms, 0) / audioSeconds) * 3.6).toFixed(1)} s per hour of audio (${Math.round(audioSeconds)} s of audio in all)`,
);
