// Speaker detection (issue 36; speakers/detect.ts) on conversations whose truth is known by construction.
// Voices: the LibriVox reader of Debian's pocketsphinx-testdata, the same reader with the vocal tract
// lengthened and shortened (the recording resampled by 0.82 and 1.15: the standard vocal-tract-length
// perturbation, which moves pitch and formants together as another speaker's would be), six voices of
// Debian's espeak-ng and the four voices of Debian's flite (awb, rms, slt, kal16: each built from the
// recordings of another person). Each conversation draws 1-4 of them and alternates 16 turns (one clip each, no
// voice twice in a row) with 0.1-0.6 s of silence between; segments are the turns with stand-in words
// every 0.4 s (the engine's word times are measured by `pnpm bench word-timing`). Reports, per number of
// speakers and over all: how often the count is right, and the confusion (share of speech given to the
// wrong speaker, 0.25 s collar). Targets on 2-4 speakers: count right, confusion at most 15 %; one voice
// stays one. The figures are given over all and apart for the conversations where two voices are near
// twins: variants of one recording (the reader and its perturbations) or of one synthesiser at the same
// pitch (espeak-ng's m3, f2, m7 and rp+m1 all speak at about 100 Hz), which no single-Gaussian model
// tells apart reliably. Then the cost: time per hour of audio and the memory detection adds, against the same
// recording's decoding in the same run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAudio } from '../packages/server/src/features/transcription/engines/whisper/audio.ts';
import { detectSpeakers } from '../packages/server/src/features/transcription/speakers/detect.ts';
import { concatenate, confusion, memorySource, segmentsOf } from '../packages/server/test/support/conversations.ts';
import { librivoxClips } from './support/librivox.ts';

const CONVERSATIONS_PER_COUNT = 30;
const TURNS = 16;
const ESPEAK_VOICES = ['en-us+m3', 'en-gb+f2', 'en-us+m7', 'en+f4', 'en-gb-x-rp+m1', 'en-us+f5'];
const FLITE_VOICES = ['awb', 'rms', 'slt', 'kal16'];
/** Voices that are variants of one recording or of one synthesiser at one pitch (see above). */
const TWINS = [
  ['reader', 'reader-0.82', 'reader-1.15'],
  ['en-us+m3', 'en-gb+f2', 'en-us+m7', 'en-gb-x-rp+m1'],
];
const LINES = [
  'I think we should move the meeting to Thursday because the report is not ready yet.',
  'That works for me, I will tell the others and book the small room.',
  'Could someone send me the slides from last week? I could not find them.',
  'The budget for the second quarter is a little higher than we planned.',
  'We spoke to the supplier on Monday and they promised a new offer by Friday.',
  'Honestly I am not sure the customers will notice the difference at all.',
  'Let us write that down as an action item and come back to it next time.',
  'The new office opens in March, so the move has to be planned carefully.',
];

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (before the run)`,
);
const clips = librivoxClips();
const installed = (command: string, args: string[]) => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
if (!clips || !installed('espeak-ng', ['--version']) || !installed('flite', ['-lv'])) {
  console.log('needs Debian packages pocketsphinx-testdata, espeak-ng and flite (apt-get install pocketsphinx-testdata espeak-ng flite)');
  process.exit(1);
}

async function samplesOf(path: string): Promise<Float32Array> {
  const decoded = await decodeAudio(path);
  if (decoded.kind !== 'memory') throw new Error('a short clip decodes into memory');
  return decoded.samples;
}

/** The recording played `factor` times as fast (linear interpolation): a shorter or longer vocal tract. */
function resampled(samples: Float32Array, factor: number): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / factor));
  for (let i = 0; i < out.length; i++) {
    const x = i * factor;
    const k = Math.floor(x);
    out[i] = samples[k]! + (x - k) * ((samples[k + 1] ?? samples[k]!) - samples[k]!);
  }
  return out;
}

const work = mkdtempSync(join(tmpdir(), 'scribe-bench-speakers-'));
const voices = new Map<string, Float32Array[]>();
const reader = await Promise.all(clips.map((c) => samplesOf(c.path)));
voices.set('reader', reader);
voices.set(
  'reader-0.82',
  reader.map((s) => resampled(s, 0.82)),
);
voices.set(
  'reader-1.15',
  reader.map((s) => resampled(s, 1.15)),
);
for (const voice of ESPEAK_VOICES) {
  const lines: Float32Array[] = [];
  for (const [i, line] of LINES.entries()) {
    const path = join(work, `${voice}-${i}.wav`);
    execFileSync('espeak-ng', ['-v', voice, '-s', '155', '-w', path, line]);
    lines.push(await samplesOf(path));
  }
  voices.set(voice, lines);
}
for (const voice of FLITE_VOICES) {
  const lines: Float32Array[] = [];
  for (const [i, line] of LINES.entries()) {
    const path = join(work, `flite-${voice}-${i}.wav`);
    execFileSync('flite', ['-voice', voice, '-t', line, '-o', path]);
    lines.push(await samplesOf(path));
  }
  voices.set(`flite-${voice}`, lines);
}
rmSync(work, { recursive: true, force: true });

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
