/**
 * An inference process of the built-in engine (pool.ts forks one per core): one Whisper session and one
 * VAD session, one request at a time. onnxruntime-node runs an inference synchronously on the calling
 * thread, so two windows decode at the same time only in two processes (or threads); and a process
 * that exits gives all its memory back, which a released session inside the server did not (glibc kept
 * the freed pages: the server stayed ~230 MB above its idle size after the engine was released).
 */
import { SplitWindowRunner, vadBlock, type VocabMaskSpec, type WindowReply, type WindowRequest } from './inference.ts';
import type { SplitModelPaths } from './split-model.ts';
import type { AlignerTokens } from './word-aligner.ts';
import { SileroVad } from './vad.ts';

export interface HostOptions {
  /** The split model (split-model.ts), made from the shared-weights model so the processes share its weights. */
  model: SplitModelPaths;
  special: AlignerTokens;
  threads: number;
  mask: VocabMaskSpec;
  vad: boolean;
}

export type HostRequest =
  { id: number; op: 'window'; window: WindowRequest } | { id: number; op: 'vad'; audio: Float32Array; gain?: number };
export type HostReply =
  | { kind: 'ready' }
  | { kind: 'load-error'; error: string }
  | { kind: 'window'; id: number; window: WindowReply }
  | { kind: 'vad'; id: number; probabilities: Float32Array }
  | { kind: 'error'; id: number; error: string };

const options = JSON.parse(process.argv[2] ?? '{}') as HostOptions;
const send = (reply: HostReply) => process.send?.(reply);

const loading = (async () => {
  const runner = await SplitWindowRunner.create(options.model, options.threads, options.mask, options.special);
  const vad = options.vad ? await SileroVad.create() : null;
  return { runner, vad };
})();
loading.then(
  () => send({ kind: 'ready' }),
  (error: unknown) => {
    send({ kind: 'load-error', error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);

// The engine went away or released its model: exit, which returns the memory to the system.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: HostRequest) => {
  void (async () => {
    try {
      const { runner, vad } = await loading;
      if (message.op === 'window') send({ kind: 'window', id: message.id, window: await runner.run(message.window) });
      else {
        if (!vad) throw new Error('This inference process has no VAD session.');
        send({ kind: 'vad', id: message.id, probabilities: await vadBlock(vad, message.audio, message.gain) });
      }
    } catch (error) {
      send({ kind: 'error', id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
