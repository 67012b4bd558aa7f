/** Part of a decoded recording read as a recording of its own (the engine's head start splits the VAD pass with it). */
import type { Pcm } from './audio.ts';

/** Samples [from, to) of `pcm` as a Pcm of their own (read positions from `from`). */
export function pcmView(pcm: Pcm, from: number, to = pcm.length): Pcm {
  const end = Math.min(to, pcm.length);
  return {
    sampleRate: pcm.sampleRate,
    length: Math.max(0, end - from),
    read: (start, stop) => pcm.read(from + Math.max(0, start), Math.min(end, from + stop)),
    dispose: async () => {},
  };
}
