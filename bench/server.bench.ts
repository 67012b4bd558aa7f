// Server figures, each next to a baseline measured in the same run:
// (a) process start to the first answer on /api/auth/me on a fresh DATA_DIR (PGlite is created and
//     migrated), against a bare `node -e` http server spawned and polled the same way;
// (b) sign-in latency p50/p95 over 200 sign-ins (captchas solved beforehand, outside the timing;
//     rate limits raised), against /api/health p50/p95.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveCaptcha } from '../packages/server/test/captcha-solver.ts';
import { freePort } from '../packages/server/test/support/ports.ts';
import { firstAnswer, percentile, stop } from './support/process.ts';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'packages', 'server');
const START_RUNS = 3;
const LOGINS = 200;
const WARMUP = 20;
const XHR = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };

function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_DIST_DIR: join(dataDir, 'no-app'),
      ...env,
    },
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

async function measureStart(): Promise<{ server: number[]; warm: number[]; bare: number[] }> {
  const server: number[] = [];
  const warm: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < START_RUNS; i++) {
    const port = await freePort();
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      ['-e', `require('http').createServer((q, s) => { s.statusCode = 401; s.end(); }).listen(${port}, '127.0.0.1')`],
      { stdio: 'ignore' },
    );
    bare.push(await firstAnswer(`http://127.0.0.1:${port}/api/auth/me`, t0, child));
    await stop(child);

    const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-start-'));
    const serverPort = await freePort();
    const t1 = performance.now();
    const srv = spawnServer(serverPort, dataDir);
    server.push(await firstAnswer(`http://127.0.0.1:${serverPort}/api/auth/me`, t1, srv));
    await stop(srv);
    // A restart on the now existing DATA_DIR: the everyday case (no database to create).
    const t2 = performance.now();
    const again = spawnServer(serverPort, dataDir);
    warm.push(await firstAnswer(`http://127.0.0.1:${serverPort}/api/auth/me`, t2, again));
    await stop(again);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { server, warm, bare };
}

const solved = (base: string) => solveCaptcha({ url: base });

async function measureLogins(): Promise<{ login: number[]; health: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-login-'));
  const port = await freePort();
  // The search space only changes the client's work; the server's verification is one HMAC either way.
  const child = spawnServer(port, dataDir, {
    LOGIN_RATE_LIMIT_PER_IP: '1000000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000000',
    ALTCHA_MAX_NUMBER: '20',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await firstAnswer(`${base}/api/health`, performance.now(), child);
    const account = { name: 'Bench User', username: 'bench', email: 'bench@example.com', password: 'Bench#12345' };
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: XHR,
      body: JSON.stringify({ ...account, captchaToken: await solved(base) }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);

    const tokens: string[] = [];
    for (let i = 0; i < LOGINS + WARMUP; i++) tokens.push(await solved(base));

    const login: number[] = [];
    for (let i = 0; i < LOGINS + WARMUP; i++) {
      const body = JSON.stringify({ username: account.username, password: account.password, captchaToken: tokens[i] });
      const t = performance.now();
      const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: XHR, body });
      await res.arrayBuffer();
      const took = performance.now() - t;
      if (res.status !== 200) throw new Error(`login ${i}: ${res.status}`);
      if (i >= WARMUP) login.push(took);
    }

    const health: number[] = [];
    for (let i = 0; i < LOGINS + WARMUP; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (i >= WARMUP) health.push(performance.now() - t);
    }
    return { login, health };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const start = await measureStart();
const s = median(start.server);
const b = median(start.bare);
console.log(
  `server start to first /api/auth/me: ${ms(s)} (baseline bare node http: ${ms(b)}, x${(s / b).toFixed(1)}) ` +
    `[median of ${START_RUNS} cold starts on a fresh DATA_DIR: ${start.server.map((x) => x.toFixed(0)).join(', ')} ms]`,
);
const w = median(start.warm);
console.log(`server restart on an existing DATA_DIR to first /api/auth/me: ${ms(w)} (x${(w / b).toFixed(1)} the bare baseline)`);

const { login, health } = await measureLogins();
const [lp50, lp95, hp50, hp95] = [percentile(login, 50), percentile(login, 95), percentile(health, 50), percentile(health, 95)];
console.log(
  `login latency over ${LOGINS} sign-ins: p50 ${ms(lp50)}, p95 ${ms(lp95)} ` +
    `(baseline GET /api/health: p50 ${ms(hp50)}, p95 ${ms(hp95)}; x${(lp50 / hp50).toFixed(1)} at p50)`,
);
