// Live draft latency: a recording is fed at real-time pace (one ~1 s piece per second, as the record
// dialog sends them) to the live-draft observer with the built-in engine (passes in its own process),
// and for every spoken word
// the time from feeding the piece that completes the word to the first published draft that contains
// it is measured (p50, p95; target p95 < 4 s on 2 cores). Then N recordings at once (1, 2, 3, ...):
// the largest N whose p95 stays under 4 s is what one 2-core worker sustains (LIVE_DRAFT_MAX_SESSIONS).
// Baseline measured in the same run: the engine's plain batch transcription of the same audio.
// The recording: the repository's Chromium MediaRecorder fixture (7.1 s LibriVox reading) repeated
// REPEATS times without re-encoding (test/support/webm.ts). Drafts are taken when published on the
// live hub; the /ws hop to the screen adds a few milliseconds on top.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeWords, type DraftSegment } from '../packages/server/src/features/live-draft/drafting.ts';
import { createLiveDraftObserver, DRAFT_EVENT } from '../packages/server/src/features/live-draft/observer.ts';
import { createWhisperEngine, decodeToPcm } from '../packages/server/src/features/transcription/engines/whisper/index.ts';
import { repeatedRecordingPieces, parseRecording } from '../packages/server/test/support/webm.ts';

const REPEATS = Number(process.env.LIVE_BENCH_REPEATS ?? 4);
const TARGET_P95 = 4;
const MAX_N = Number(process.env.LIVE_BENCH_MAX_SESSIONS ?? 4);
const FIXTURE = join(
  import.meta.dirname,
  '..',
  'packages',
  'server',
  'test',
  'fixtures',
  'audio',
  'librivox-sense-and-sensibility-0870.webm',
);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`machine: ${cpus().length} cores, load average ${load()} (before the run; other processes slow wall-clock figures)`);

const work = await mkdtemp(join(tmpdir(), 'scribe-live-bench-'));
const cacheDir = join(tmpdir(), 'scribe-bench-models');
await mkdir(cacheDir, { recursive: true });
const engine = createWhisperEngine({ cacheDir });
await engine.ready();

const { pieces } = repeatedRecordingPieces(FIXTURE, REPEATS);
// Audio end (s) of each piece: a piece is one cluster; the next cluster's timecode is where it ends.
const clusterStarts = parseRecording(Buffer.concat(pieces)).clusters.map((c) => c.timecode / 1000);
const file = join(work, 'recording.webm');
await writeFile(file, Buffer.concat(pieces));

try {
  // Baseline: batch transcription of the same recording, and its word timings (Whisper's own segments,
  // words spread over each segment by their length), which say which piece completes which word.
  await engine.transcribe({ filePath: file }); // warm
  const t = performance.now();
  const cpu = process.cpuUsage();
  const batchChildCpu = childCpuSeconds(); // the engine's inference processes
  const batch = await engine.transcribe({ filePath: file });
  const batchWall = (performance.now() - t) / 1000;
  const batchCpu = cpuSeconds(process.cpuUsage(cpu)) + childCpuSeconds() - batchChildCpu;
  const audioSeconds = batch.durationSeconds;
  const pcm = await decodeToPcm(file);
  const raw = await engine.transcribeSamples(await pcm.read(0, pcm.length));
  await pcm.dispose();
  const reference = timedWords(raw);
  const pieceOf = (seconds: number) => {
    for (let k = 0; k < pieces.length; k++) if ((clusterStarts[k + 1] ?? audioSeconds) >= seconds) return k;
    return pieces.length - 1;
  };
  console.log(`recording: ${audioSeconds.toFixed(1)} s in ${pieces.length} pieces, ${reference.length} words`);
  console.log(
    `baseline, batch transcription of the same audio: ${batchWall.toFixed(2)} s wall, ${batchCpu.toFixed(2)} CPU s ` +
      `(${(audioSeconds / batchWall).toFixed(1)}x real time, ${(batchCpu / audioSeconds).toFixed(3)} CPU s per audio second)`,
  );

  const results: Array<{ n: number; p50: number; p95: number; cpuPerAudioSecond: number }> = [];
  for (let n = 1; n <= MAX_N; n++) {
    const r = await run(n);
    results.push({ n, p50: r.p50, p95: r.p95, cpuPerAudioSecond: r.cpu / (n * audioSeconds) });
    console.log(
      `N=${n} simultaneous recordings: latency p50 ${r.p50.toFixed(2)} s, p95 ${r.p95.toFixed(2)} s, max ${r.max.toFixed(2)} s ` +
        `(${r.measured} words, ${r.missed} never drafted), ${r.drafts} drafts; drafting CPU ${(r.cpu / (n * audioSeconds)).toFixed(3)} s per audio second ` +
        `= ${(r.cpu / (n * audioSeconds) / (batchCpu / audioSeconds)).toFixed(1)}x batch; load ${load()}`,
    );
  }
  // The largest N such that every N up to it stayed under the target.
  let best = 0;
  while (best < results.length && results[best].p95 < TARGET_P95) best++;
  // Other processes on this shared machine stretch every wall-clock figure. How much, the baseline
  // says: idle, the batch run would take its CPU time spread over the cores. Scaled by that factor,
  // an estimate (not a measurement) of the same latencies on an idle machine:
  const idleFactor = Math.min(1, batchCpu / Math.min(2, cpus().length) / batchWall);
  const idleBest = results.findIndex((r) => r.p95 * idleFactor >= TARGET_P95);
  console.log(
    `estimate for an idle machine (x${idleFactor.toFixed(2)}, batch CPU time over ${Math.min(2, cpus().length)} cores / batch wall time): ` +
      results.map((r) => `N=${r.n} p95 ~${(r.p95 * idleFactor).toFixed(1)} s`).join(', ') +
      `; largest N under ${TARGET_P95} s ~${idleBest < 0 ? results.length : idleBest}`,
  );
  const one = results[0];
  console.log(
    `\nsingle recording: p50 ${one.p50.toFixed(2)} s, p95 ${one.p95.toFixed(2)} s: ${one.p95 < TARGET_P95 ? 'PASS' : 'MISS'} (target p95 < ${TARGET_P95} s)`,
  );
  console.log(`largest N with p95 < ${TARGET_P95} s: ${best} simultaneous live recordings on this machine (load ${load()})`);
  // The same from CPU time alone (what an idle 2-core worker could give at most, whatever else runs here).
  const perSession = results[0].cpuPerAudioSecond;
  console.log(
    `CPU per live recording: ${perSession.toFixed(3)} CPU s per audio second; ${cpus().length} cores could carry at most ` +
      `${Math.floor(cpus().length / perSession)} recordings at that pace; passes come less often when recordings share the cores, so more fit (measured above)`,
  );

  /** N recordings started a fraction of a second apart, each fed one piece per second. */
  async function run(n: number) {
    const published: Array<{ at: number; id: string; segments: DraftSegment[] }> = [];
    const observer = createLiveDraftObserver({
      enabled: true,
      maxSessions: n,
      engine,
      hub: {
        publish: async (e) =>
          void (
            e.type === DRAFT_EVENT &&
            (e.data as { recordingId: string }).recordingId !== 'warm' &&
            published.push({
              at: performance.now(),
              ...(e.data as { recordingId: string; segments: DraftSegment[] }),
              id: (e.data as { recordingId: string }).recordingId,
            })
          ),
      },
      credits: { requireTranscriptionCredits: async () => {} },
      log: { warn: () => {}, error: () => {} },
      tmpDir: work,
      vad: process.env.LIVE_BENCH_VAD !== '0',
    });
    // Warm: the first recording starts the drafting process and loads its model, as on a server.
    await observer.started({ id: 'warm', userId: 0, mimeType: 'audio/webm', language: null });
    observer.piece({ id: 'warm', userId: 0 }, 0, pieces[0]);
    observer.piece({ id: 'warm', userId: 0 }, 1, pieces[1]);
    await observer.settled('warm');
    observer.ended({ id: 'warm', userId: 0 }, 'discarded');
    const cpu = process.cpuUsage();
    const childCpu = childCpuSeconds();
    const feeds: number[][] = [];
    await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        await sleep((i * 1000) / n);
        const rec = { id: `rec-${n}-${i}`, userId: i + 1, mimeType: 'audio/webm;codecs=opus', language: null };
        const available = await observer.started(rec);
        if (!available.available) throw new Error(`live text refused: ${available.reason}`);
        const t0 = performance.now();
        feeds[i] = [];
        for (let k = 0; k < pieces.length; k++) {
          await sleep(t0 + k * 1000 - performance.now());
          feeds[i][k] = performance.now();
          observer.piece(rec, k, pieces[k]);
        }
        await observer.settled(rec.id);
      }),
    );
    // This process (decoding, VAD) and the drafting process (the passes).
    const used = cpuSeconds(process.cpuUsage(cpu)) + childCpuSeconds() - childCpu;
    await observer.close();

    const latencies: number[] = [];
    let missed = 0;
    for (let i = 0; i < n; i++) {
      const id = `rec-${n}-${i}`;
      const first = new Array<number | undefined>(reference.length);
      for (const draft of published.filter((d) => d.id === id)) {
        const end = draft.segments.at(-1)?.end ?? 0;
        const upTo = reference.findIndex((w) => w.end > end + 1);
        const prefix = reference.slice(0, upTo < 0 ? reference.length : upTo);
        for (const j of matched(timedWords(draft.segments), prefix)) first[j] ??= draft.at;
      }
      reference.forEach((w, j) => {
        const at = first[j];
        if (at === undefined) missed++;
        else latencies.push(Math.max(0, (at - feeds[i][pieceOf(w.end)]) / 1000));
      });
    }
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Infinity;
    return {
      p50: q(0.5),
      p95: q(0.95),
      max: latencies.at(-1) ?? Infinity,
      measured: latencies.length,
      missed,
      drafts: published.length,
      cpu: used,
    };
  }
} finally {
  await engine.close();
  await rm(work, { recursive: true, force: true });
}

/** Words with an estimated end time: each segment's words spread over it by their length. */
function timedWords(segments: ReadonlyArray<{ start: number; end: number; text: string }>): Array<{ word: string; end: number }> {
  const out: Array<{ word: string; end: number }> = [];
  for (const s of segments) {
    const ws = normalizeWords(s.text).split(' ').filter(Boolean);
    const total = ws.reduce((n, w) => n + w.length + 1, 0);
    let chars = 0;
    for (const w of ws) {
      chars += w.length + 1;
      out.push({ word: w, end: s.start + ((s.end - s.start) * chars) / total });
    }
  }
  return out;
}

/**
 * Indices of `reference` matched by a longest common subsequence with `draft`, where a match must also
 * be close in time (the recording repeats its clip: a word must not count for another reading of it).
 */
function matched(draftWords: Array<{ word: string; end: number }>, referenceWords: Array<{ word: string; end: number }>): number[] {
  const same = (i: number, j: number) =>
    draftWords[i].word === referenceWords[j].word && Math.abs(draftWords[i].end - referenceWords[j].end) <= 2.5;
  const draft = draftWords;
  const reference = referenceWords;
  const rows = draft.length + 1;
  const cols = reference.length + 1;
  const table = new Uint16Array(rows * cols);
  for (let i = draft.length - 1; i >= 0; i--)
    for (let j = reference.length - 1; j >= 0; j--)
      table[i * cols + j] = same(i, j) ? table[(i + 1) * cols + j + 1] + 1 : Math.max(table[(i + 1) * cols + j], table[i * cols + j + 1]);
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < draft.length && j < reference.length) {
    if (same(i, j)) {
      out.push(j);
      i++;
      j++;
    } else if (table[(i + 1) * cols + j] >= table[i * cols + j + 1]) i++;
    else j++;
  }
  return out;
}

/** CPU seconds used so far by this process's children (Linux /proc; clock ticks at 100 Hz). */
function childCpuSeconds(): number {
  let total = 0;
  try {
    for (const task of readdirSync(`/proc/${process.pid}/task`)) {
      for (const pid of readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime
      }
    }
  } catch {
    // Not Linux, or a child just exited: count what was read.
  }
  return total;
}

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
