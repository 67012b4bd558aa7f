import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { postJson, register, solveCaptcha, startServer, tempDir } from './helpers.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs the real entry point and collects its exit code and output. */
function runMain(env: Record<string, string>, timeoutMs = 50_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not exit in time\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// The lock guards the embedded database, so these tests always use PGlite.
describe('data folder lock', () => {
  it('a second server on the same DATA_DIR stops with a clear message and exit code 1', async () => {
    const server = await startServer({}, { pglite: true });
    const lockFile = join(server.dataDir, 'db', '.lock');
    try {
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      const second = await runMain({ DATA_DIR: server.dataDir });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`Another server process (pid ${process.pid}) is using DATA_DIR ${server.dataDir}`);
      // The first server is unharmed.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('releases the lock on close, so the folder can be opened again with its data and captcha key', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    const lockFile = join(dataDir, 'db', '.lock');
    expect(existsSync(lockFile)).toBe(true);
    const { account } = await register(first);
    // Solved before the restart: still valid after it, since the generated key is kept in DATA_DIR.
    const captchaToken = await solveCaptcha(first);
    await first.app.close();
    expect(existsSync(lockFile)).toBe(false);

    const again = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    try {
      const res = await postJson(again, '/api/auth/login', { username: account.username, password: account.password, captchaToken });
      expect(res.status).toBe(200);
    } finally {
      await again.close();
    }
  }, 90_000);

  it('takes over a stale lock left by a process that died', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    // A pid far above any pid_max in use: no such process.
    writeFileSync(join(dataDir, 'db', '.lock'), '4194000');
    const server = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    try {
      expect(readFileSync(join(dataDir, 'db', '.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await server.close();
    }
  });

  it('main.ts shuts down gracefully on SIGTERM and releases the lock', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: '', DATA_DIR: dataDir },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await expect.poll(() => out.includes('Server listening'), { timeout: 60_000, interval: 100 }).toBe(true);
    // Structured logs: one JSON object per line.
    const listening = out.split('\n').find((l) => l.includes('Server listening'))!;
    expect(JSON.parse(listening)).toMatchObject({ level: 30, msg: expect.stringContaining('Server listening') });
    expect(readFileSync(join(dataDir, 'db', '.lock'), 'utf8')).toBe(String(child.pid));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'db', '.lock'))).toBe(false);
    expect(out).toContain('"signal":"SIGTERM"');
  }, 90_000);
});

describe('configuration errors', () => {
  it('main.ts exits 1 naming every invalid variable', async () => {
    const res = await runMain({ PORT: 'abc', CAPTCHA_PROVIDER: 'hcaptcha', DATA_DIR: tempDir() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Invalid configuration');
    expect(res.stderr).toContain('PORT="abc"');
    expect(res.stderr).toContain('CAPTCHA_PROVIDER="hcaptcha"');
  }, 60_000);

  it('main.ts exits 1 with a clear message when PostgreSQL cannot be reached', async () => {
    const res = await runMain({ DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:9/scribe', DATA_DIR: tempDir() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Could not connect to PostgreSQL at postgres://app:***@127.0.0.1:9/scribe');
    expect(res.stderr).not.toContain('hunter2');
  }, 60_000);
});
