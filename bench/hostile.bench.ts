// Another user's latency while one account sends the heaviest requests the documented limits allowed:
// a 10 MB edit (20,000 segments of 500 characters), an edit just under the text cap, long exports (PDF
// of a 3-hour transcript; PDF, SRT and DOCX of a 10 MB one) and a prompt to the built-in AI engine. The
// bystander reads its folder tree, one request after another, quiet first and then during each heavy
// request, until that request has answered. Prints p50/p95/max of the bystander per phase, the heavy
// request's time and answer, and the server's largest resident size. The server runs in its own
// process (bench/hostile-server.ts) on PGlite with its default configuration.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { bigSegments } from './meeting.ts';
import { percentile, verdict } from './support/process.ts';

const TARGET_MAX_MS = 100;
const QUIET_REQUESTS = 200;

const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'hostile-server.ts')], {
  cwd: join(import.meta.dirname, '..'),
  stdio: ['pipe', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout! });
let exited: ((code: number | null) => void) | undefined;
child.on('exit', (code) => exited?.(code));
const nextLine = () =>
  new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    exited = (code) => reject(new Error(`bench server exited with ${code}`));
  });
const first = JSON.parse(await nextLine()) as {
  url: string;
  heavyCookie: string;
  bystanderCookie: string;
  exported: number;
  edited: number;
  capEdited: number;
  huge: number;
};
const { url } = first;
const headersOf = (cookie: string) => ({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', Cookie: cookie });
const heavyHeaders = headersOf(first.heavyCookie);
const bystanderHeaders = headersOf(first.bystanderCookie);
/** The server's largest resident size since the last ask (MB). */
const rssMax = async () => {
  const answer = nextLine();
  child.stdin!.write('rss\n');
  return (JSON.parse(await answer) as { rssMaxMb: number }).rssMaxMb;
};

/** One bystander read of its tree; its wall time in ms. */
async function bystanderRead(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/folders/tree`, { headers: bystanderHeaders });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`bystander: ${res.status}`);
  return performance.now() - t0;
}

interface Phase {
  label: string;
  xs: number[];
  heavy?: { ms: number; status: number; bytes: number; retryAfter: string | null };
  rssMb: number;
}

/** The bystander's reads, one after another, until `heavy` has answered (at least one read). */
async function during(label: string, heavy: () => Promise<Response>): Promise<Phase> {
  await rssMax();
  const xs: number[] = [];
  let done = false;
  const t0 = performance.now();
  const running = heavy().then(async (res) => {
    const bytes = (await res.arrayBuffer()).byteLength;
    done = true;
    return { ms: performance.now() - t0, status: res.status, bytes, retryAfter: res.headers.get('retry-after') };
  });
  running.catch(() => (done = true));
  do xs.push(await bystanderRead());
  while (!done);
  return { label, xs, heavy: await running, rssMb: await rssMax() };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
function print(p: Phase) {
  const max = Math.max(...p.xs);
  const heavy = p.heavy
    ? `; heavy request ${p.heavy.status} in ${ms(p.heavy.ms)} (${(p.heavy.bytes / 1024).toFixed(0)} KB${p.heavy.retryAfter ? `, Retry-After ${p.heavy.retryAfter}` : ''})`
    : '';
  console.log(
    `${p.label}: bystander p50 ${ms(percentile(p.xs, 50))}, p95 ${ms(percentile(p.xs, 95))}, max ${ms(max)} over ${p.xs.length} reads` +
      `${heavy}; server RSS max ${p.rssMb} MB${p.heavy ? `; max < ${TARGET_MAX_MS} ms: ${verdict(max < TARGET_MAX_MS)}` : ''}`,
  );
}

try {
  console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  // Warm-up: the first reads compile the route and fill the caches.
  for (let i = 0; i < 20; i++) await bystanderRead();
  await rssMax();
  const quiet: number[] = [];
  for (let i = 0; i < QUIET_REQUESTS; i++) quiet.push(await bystanderRead());
  print({ label: 'quiet', xs: quiet, rssMb: await rssMax() });

  const exportOf = (id: number, format: string) => () => fetch(`${url}/api/transcripts/${id}/export/${format}`, { headers: heavyHeaders });
  print(await during('PDF export, 3-hour transcript (2,500 segments)', exportOf(first.exported, 'pdf')));
  print(
    await during('AI prompt on the built-in engine (key points), 3-hour transcript', () =>
      fetch(`${url}/api/transcripts/${first.exported}/custom-prompt`, {
        method: 'POST',
        headers: heavyHeaders,
        body: JSON.stringify({ prompt: 'Highlight key points' }),
      }),
    ),
  );

  // The edits' bodies are built before the clock runs.
  const patch = (id: number, segments: unknown) => {
    const body = JSON.stringify({ segments, baseRevision: 1 });
    return {
      mb: (body.length / 1024 / 1024).toFixed(1),
      send: () => fetch(`${url}/api/transcripts/${id}`, { method: 'PATCH', headers: heavyHeaders, body }),
    };
  };
  const tenMb = patch(first.edited, bigSegments(20_000, 500));
  print(await during(`10 MB edit (PATCH, 20,000 segments x 500 characters, body ${tenMb.mb} MB)`, tenMb.send));
  // 3,900 x 500 characters and the speakers' names: just under the default cap of 2,000,000 characters.
  const atCap = patch(first.capEdited, bigSegments(3_900, 500));
  print(await during(`edit at the text cap (PATCH, 3,900 segments x 500 characters, body ${atCap.mb} MB)`, atCap.send));
  for (const format of ['pdf', 'srt', 'docx']) {
    print(await during(`${format.toUpperCase()} export, a transcript of 20,000 x 500 characters`, exportOf(first.huge, format)));
  }
} finally {
  child.kill('SIGTERM');
}
