// The voices of the speaker benches (`pnpm bench speakers`, `pnpm bench speaker-features`): the LibriVox
// reader of Debian's pocketsphinx-testdata, the same reader with the vocal tract lengthened and shortened
// (the recording resampled by 0.82 and 1.15: the standard vocal-tract-length perturbation, which moves
// pitch and formants together as another speaker's would be), six voices of Debian's espeak-ng and the
// four voices of Debian's flite (awb, rms, slt, kal16: each built from the recordings of another person).
// The synthetic voices say the same eight lines; the reader's clips are his own readings.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAudio } from '../../packages/server/src/features/transcription/engines/whisper/audio.ts';
import { librivoxClips } from './librivox.ts';

const ESPEAK_VOICES = ['en-us+m3', 'en-gb+f2', 'en-us+m7', 'en+f4', 'en-gb-x-rp+m1', 'en-us+f5'];
const FLITE_VOICES = ['awb', 'rms', 'slt', 'kal16'];
/** Voices that are variants of one recording or of one synthesiser at one pitch (espeak-ng's m3, f2, m7 and rp+m1 all speak at about 100 Hz). */
export const TWINS = [
  ['reader', 'reader-0.82', 'reader-1.15'],
  ['en-us+m3', 'en-gb+f2', 'en-us+m7', 'en-gb-x-rp+m1'],
];
/** What the synthetic voices say, one clip per line. */
export const LINES = [
  'I think we should move the meeting to Thursday because the report is not ready yet.',
  'That works for me, I will tell the others and book the small room.',
  'Could someone send me the slides from last week? I could not find them.',
  'The budget for the second quarter is a little higher than we planned.',
  'We spoke to the supplier on Monday and they promised a new offer by Friday.',
  'Honestly I am not sure the customers will notice the difference at all.',
  'Let us write that down as an action item and come back to it next time.',
  'The new office opens in March, so the move has to be planned carefully.',
];

const installed = (command: string, args: string[]) => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

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

/** Each voice's clips (16 kHz mono), by voice name; exits with a hint when the Debian packages are missing. */
export async function benchVoices(): Promise<Map<string, Float32Array[]>> {
  const clips = librivoxClips();
  if (!clips || !installed('espeak-ng', ['--version']) || !installed('flite', ['-lv'])) {
    console.log('needs Debian packages pocketsphinx-testdata, espeak-ng and flite (apt-get install pocketsphinx-testdata espeak-ng flite)');
    process.exit(1);
  }
  const work = mkdtempSync(join(tmpdir(), 'scribe-bench-voices-'));
  try {
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
    return voices;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
