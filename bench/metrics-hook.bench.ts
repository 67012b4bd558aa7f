// The cost of timing every HTTP answer for /metrics: the onResponse hook of
// packages/server/src/features/metrics/collectors.ts called 5 million times over four route patterns
// (one of them unmatched), with the garbage collections that happened meanwhile; baseline in the same
// run: prom-client's own Histogram.observe with a label object, as a plain hook would call it. Target:
// under 200 ns per request, and (almost) no garbage collections where the baseline has dozens.
import { PerformanceObserver } from 'node:perf_hooks';
import { Histogram, Registry } from '../packages/server/test/support/prom-client.ts';
import { registerRequestMetrics, RequestDurations } from '../packages/server/src/features/metrics/collectors.ts';

const CALLS = 5_000_000;
const WARMUP = 500_000;
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

type Hook = (request: unknown, reply: unknown, done: () => void) => void;
let hook: Hook | undefined;
const capture = { addHook: (_name: string, fn: Hook) => (hook = fn) } as unknown as Parameters<typeof registerRequestMetrics>[0];
registerRequestMetrics(capture, new RequestDurations({ name: 'bench_hook_seconds', help: 'bench', buckets, registers: [new Registry()] }));
const requests = ['/api/transcripts/:id', '/api/folders/tree', '/api/auth/me', undefined].map((url) => ({
  routeOptions: { url },
  method: 'GET',
}));
const reply = { statusCode: 200, elapsedTime: 3.2 };
const done = () => undefined;

let collections = 0;
const observer = new PerformanceObserver((list) => (collections += list.getEntries().length));
observer.observe({ entryTypes: ['gc'] });

async function measure(label: string, call: (i: number) => void) {
  for (let i = 0; i < WARMUP; i++) call(i);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = collections;
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) call(i);
  const ns = ((performance.now() - start) * 1e6) / CALLS;
  await new Promise((resolve) => setTimeout(resolve, 50)); // let the observer report
  console.log(`${label}: ${ns.toFixed(0)} ns per request, ${collections - before} garbage collections in ${CALLS / 1e6}M requests`);
}

const run = hook!;
await measure('onResponse hook (RequestDurations)', (i) => run(requests[i & 3], reply, done));
const plain = new Histogram({
  name: 'bench_plain_seconds',
  help: 'bench',
  labelNames: ['route', 'method', 'status_code'],
  buckets,
  registers: [new Registry()],
});
await measure('baseline: prom-client Histogram.observe({ route, method, status_code })', (i) => {
  const r = requests[i & 3]!;
  plain.observe(
    { route: r.routeOptions.url ?? 'unmatched', method: r.method, status_code: String(reply.statusCode) },
    reply.elapsedTime / 1000,
  );
});
observer.disconnect();
