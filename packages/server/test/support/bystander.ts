// Another client of the server under test, in a thread of its own: its requests and their timing do not
// wait for the test's own thread, which runs the server (startServer), so what it measures is how soon
// the server answers.
import { Worker } from 'node:worker_threads';

const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const done = new Int32Array(workerData.done);
let stopped = false;
parentPort.on('message', () => (stopped = true));
(async () => {
  const times = [];
  do {
    const started = performance.now();
    const res = await fetch(workerData.url, { headers: workerData.headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error('bystander read: ' + res.status);
    times.push(performance.now() - started);
    Atomics.add(done, 0, 1);
  } while (!stopped);
  parentPort.postMessage(times);
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

/**
 * Reads `url` one request after another (GET, with `headers`) until stopped; `count` is how many reads
 * have answered so far, `stop` resolves with the time of each read (ms), the last one started before
 * the stop.
 */
export function startBystander(url: string, headers: Record<string, string>): { count(): number; stop(): Promise<number[]> } {
  const done = new SharedArrayBuffer(4);
  const worker = new Worker(CLIENT, { eval: true, workerData: { url, headers, done } });
  const result = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (message: number[] | { error: string }) => {
      void worker.terminate();
      if (Array.isArray(message)) resolve(message);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
  const counter = new Int32Array(done);
  return {
    count: () => Atomics.load(counter, 0),
    stop() {
      worker.postMessage('stop');
      return result;
    },
  };
}

const ONE_REQUEST = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.once('message', async () => {
  try {
    const res = await fetch(workerData.url, workerData.init);
    const text = await res.text();
    parentPort.postMessage({ status: res.status, headers: Object.fromEntries(res.headers), text });
  } catch (err) {
    parentPort.postMessage({ error: String(err) });
  }
});
parentPort.postMessage('ready');
`;

export interface ThreadAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * One request sent from a thread of its own, so neither building nor sending a large body happens in
 * the test's thread: `ready` resolves once the thread holds the request (body included), `send` sends
 * it and resolves with the answer.
 */
export function requestFromThread(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  const worker = new Worker(ONE_REQUEST, { eval: true, workerData: { url, init } });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    ready,
    send: () =>
      new Promise<ThreadAnswer>((resolve, reject) => {
        worker.once('message', (message: ThreadAnswer | { error: string }) => {
          void worker.terminate();
          if ('error' in message) reject(new Error(message.error));
          else resolve(message);
        });
        worker.postMessage('send');
      }),
  };
}
