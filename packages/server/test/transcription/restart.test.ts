// A job interrupted by killing the server process completes after a restart: the real entry point
// (node --import tsx src/main.ts) as a child on PGlite in a temp DATA_DIR, killed with SIGKILL mid-job.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../support/wer.ts';
import { postJson, newAccount, sessionCookie, tempDir } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { openLive, repeatedRecording } from './server-helpers.ts';
import { freePort } from '../support/ports.ts';
import { healthy, startMain, type MainProcess } from '../support/main-process.ts';

describe('a transcription interrupted by a crash', () => {
  const dataDir = tempDir();
  const children: MainProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes after the killed server is started again on the same data folder, and after a stop on purpose', async () => {
    const port = await freePort();
    const server = { url: `http://127.0.0.1:${port}` };
    // Several sign-ins from one address across the restarts.
    const env = { DATA_DIR: dataDir, PORT: String(port), LOGIN_RATE_LIMIT_PER_IP: '1000' };
    const recording = await repeatedRecording(20);

    const first = startMain(env);
    children.push(first);
    await healthy(server.url, first);
    const account = await newAccount(server as never);
    const reg = await postJson(server, '/api/auth/register', account);
    expect(reg.status).toBe(201);
    const cookie = sessionCookie(reg)!;
    const live = await openLive(server, cookie);
    const upload = await api(server as never, cookie).upload('twenty-readings.wav', recording.wav);
    expect(upload.status).toBe(201);
    const id = upload.json.id!;

    // Mid-job: a window is done, more remain.
    const progress = await live.status(id, (e) => e.type === 'progress' && (e.progress ?? 0) > 0);
    expect(progress.progress).toBeLessThan(100);
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    await live.closed;
    // Killed: its lock file is still there, naming the dead process.
    expect(readFileSync(join(dataDir, 'db', '.lock'), 'utf8')).toBe(String(first.process.pid));

    const second = startMain(env);
    children.push(second);
    await healthy(server.url, second);
    expect(readFileSync(join(dataDir, 'db', '.lock'), 'utf8')).toBe(String(second.process.pid));
    const client = api(server as never, cookie);
    await expect
      .poll(async () => ((await client.get(`/api/transcripts/${id}`)).json as { metadata: { status: string } }).metadata.status, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe('completed');
    const t = (await client.get(`/api/transcripts/${id}`)).json as { content: string; metadata: { duration: number; progress: number } };
    expect(t.metadata.progress).toBe(100);
    expect(t.metadata.duration).toBeCloseTo(recording.seconds, 1);
    expect(wordErrorRate(recording.reference, t.content).rate).toBeLessThan(0.1);
    expect(second.output()).toContain('transcription job of a stopped process: starting it again');

    // A stop on purpose (SIGTERM) mid-job hands the job back to the queue; the next start finishes it.
    const live2 = await openLive(server, cookie);
    const again = await client.upload('stopped-midway.wav', recording.wav);
    expect(again.status).toBe(201);
    await live2.status(again.json.id!, (e) => e.type === 'progress' && (e.progress ?? 0) > 0);
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('shutting down: transcription handed back to the queue');
    expect(existsSync(join(dataDir, 'db', '.lock'))).toBe(false);

    const third = startMain(env);
    children.push(third);
    await healthy(server.url, third);
    await expect
      .poll(
        async () => ((await client.get(`/api/transcripts/${again.json.id}`)).json as { metadata: { status: string } }).metadata.status,
        {
          timeout: 90_000,
          interval: 250,
        },
      )
      .toBe('completed');
    // Handed back, not recovered as a crash, and no retry used up.
    expect(third.output()).not.toContain('transcription job of a stopped process');
    const t2 = (await client.get(`/api/transcripts/${again.json.id}`)).json as { content: string };
    expect(wordErrorRate(recording.reference, t2.content).rate).toBeLessThan(0.1);
    third.process.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 300_000);

  it('with the embedded database, SERVER_ROLE=web or worker stops at start with a clear message', async () => {
    const child = startMain({ DATA_DIR: tempDir(), PORT: '0', SERVER_ROLE: 'worker' });
    children.push(child);
    expect(await child.exited).toBe(1);
    expect(child.output()).toContain('SERVER_ROLE="worker": separate web and worker processes need PostgreSQL (DATABASE_URL)');
  }, 60_000);
});
