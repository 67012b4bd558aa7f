// CPU time and memory of the built-in engine: this process and its inference processes, read from /proc.
import { readFileSync } from 'node:fs';
import type { WhisperEngine } from '../../packages/server/src/features/transcription/engines/whisper/index.ts';

/** CPU seconds of another process so far (utime + stime, in clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // exited
  }
}
export function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0; // exited
  }
}
export function pssOf(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
/**
 * Peak of the summed RSS (every 50 ms) and PSS (every 500 ms: smaps_rollup costs CPU) of this process
 * and the engine's inference processes; `inference` is the PSS peak of the inference processes alone
 * (what the engine's arithmetic decides, without this process's own heap).
 */
export function sampleMemory(engine: WhisperEngine) {
  const peak = { rss: 0, pss: 0, inference: 0 };
  const sum = (pids: number[], of: (pid: number) => number) => pids.reduce((total, pid) => total + of(pid), 0);
  const rss = () => (peak.rss = Math.max(peak.rss, sum([process.pid, ...engine.processIds], rssOf)));
  const pss = () => {
    const inference = sum(engine.processIds, pssOf);
    peak.inference = Math.max(peak.inference, inference);
    peak.pss = Math.max(peak.pss, inference + pssOf(process.pid));
  };
  rss();
  pss();
  const timers = [setInterval(rss, 50), setInterval(pss, 500)];
  return () => (timers.forEach(clearInterval), rss(), pss(), peak);
}

/** Wall and CPU seconds of `fn`: this process's and the engine's inference processes'. */
export async function timed<T>(fn: () => Promise<T>, engine?: WhisperEngine): Promise<[T, number, number]> {
  const pids = engine?.processIds ?? [];
  const before = pids.map(cpuSecondsOf);
  const t = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  const children = pids.reduce((sum, pid, i) => sum + cpuSecondsOf(pid) - before[i], 0);
  return [value, (performance.now() - t) / 1000, (used.user + used.system) / 1e6 + children];
}
