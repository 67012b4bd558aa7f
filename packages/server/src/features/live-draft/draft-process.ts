/**
 * The child process that runs live-draft passes. onnxruntime-node runs an inference synchronously on
 * the calling thread (measured: the event loop stood still for the whole 0.4-2 s of a Whisper pass), so
 * passes in the server's own thread would stall piece uploads and /ws for every recording. Here they run
 * in a process of their own with their own Whisper session (the same cached model), one at a time. (A
 * worker thread would be lighter, but on Node 20 a worker cannot load the TypeScript sources.)
 */
import { createWhisperEngine } from '../transcription/engines/whisper/engine.ts';
import type { WhisperModelOptions } from '../transcription/engines/whisper/engine-options.ts';

export interface DraftRequest {
  id: number;
  samples: Float32Array;
}
export type DraftReply = { id: number; segments: Array<{ start: number; end: number; text: string }> } | { id: number; error: string };

const model = JSON.parse(process.argv[2] ?? '{}') as WhisperModelOptions;
// One session inside this process (it is the child process already), at its lower priority. A draft is
// text to read while recording: its words are not timed (the finished transcript's are).
const engine = createWhisperEngine({ ...model, processes: 0, words: false });

// The server went away (or closed us): nothing left to do.
process.on('disconnect', () => {
  void engine.close().finally(() => process.exit(0));
});

process.on('message', (message: DraftRequest) => {
  engine.transcribeSamples(message.samples).then(
    (segments) =>
      process.send?.({
        id: message.id,
        segments: segments.map((s) => ({ start: s.start, end: s.end, text: s.text })),
      } satisfies DraftReply),
    (error: unknown) =>
      process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies DraftReply),
  );
});
