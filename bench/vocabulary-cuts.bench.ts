// A custom vocabulary on clipped speech: the names clip (5.4 s) looped and cut at each second, 7 and 8 s
// long, as a fake microphone or a user stopping mid-name cuts it, transcribed with the names as the
// vocabulary. Counts the recordings the English-only language check refuses ('Not English' or 'No
// speech'), with the prompt fallback (engines/whisper/prompt-fallback.ts) and, as the baseline in the
// same run, without it. As WAV, and as Opus (how browsers record) when ffmpeg is on the machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWhisperEngine } from '../packages/server/src/features/transcription/engines/whisper/index.ts';
import { classifyTranscription, englishMeasures, judgeEnglish } from '../packages/server/src/features/transcription/speech.ts';

const fixtures = join(import.meta.dirname, '..', 'packages', 'server', 'test', 'fixtures', 'audio');
const NAMES = ['Siobhan Kowalczyk', 'Anneliese Oyelaran', 'Zyntrix'];
const dir = mkdtempSync(join(tmpdir(), 'scribe-vocabulary-cuts-'));

function wav(samples: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const clip = readFileSync(join(fixtures, 'espeak-names.wav'));
const at = clip.indexOf('data', 12, 'latin1');
const samples = clip.subarray(at + 8, at + 8 + clip.readUInt32LE(at + 4));
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

const cuts: { name: string; path: string }[] = [];
for (const offset of [0, 1, 2, 3, 4, 5]) {
  for (const seconds of [7, 8]) {
    const bytes = Buffer.alloc(seconds * 32000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = samples[(offset * 32000 + i) % samples.length]!;
    const path = join(dir, `cut-${offset}-${seconds}.wav`);
    writeFileSync(path, wav(bytes));
    cuts.push({ name: `WAV ${offset} s +${seconds} s`, path });
    if (hasFfmpeg) {
      const opus = path.replace(/\.wav$/, '.webm');
      spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', path, '-c:a', 'libopus', '-b:a', '48k', opus]);
      cuts.push({ name: `Opus ${offset} s +${seconds} s`, path: opus });
    }
  }
}
if (!hasFfmpeg) console.log('ffmpeg not found: WAV cuts only (apt-get install ffmpeg for the Opus ones)');

async function refusals(promptFallback: boolean): Promise<Map<string, boolean>> {
  const engine = createWhisperEngine({ cacheDir: join(tmpdir(), 'scribe-test-whisper-models'), promptFallback });
  const refused = new Map<string, boolean>();
  try {
    for (const cut of cuts) {
      const result = await engine.transcribe({ filePath: cut.path, vocabulary: NAMES });
      let verdict = classifyTranscription(result.segments.map((s) => s.text));
      if (verdict === 'speech') verdict = judgeEnglish(englishMeasures(result));
      refused.set(cut.name, verdict !== 'speech');
    }
  } finally {
    await engine.close();
  }
  return refused;
}

const without = await refusals(false);
const withFallback = await refusals(true);
for (const kind of ['WAV', 'Opus']) {
  const names = cuts.map((c) => c.name).filter((n) => n.startsWith(kind));
  if (names.length === 0) continue;
  const count = (m: Map<string, boolean>) => names.filter((n) => m.get(n)).length;
  console.log(
    `${kind}: refused without the fallback (baseline) ${count(without)} of ${names.length}, with it ${count(withFallback)} of ${names.length}`,
  );
  for (const n of names)
    if (without.get(n) || withFallback.get(n))
      console.log(`  ${n}: ${without.get(n) ? 'refused' : 'kept'} -> ${withFallback.get(n) ? 'refused' : 'kept'}`);
}
