// The server runs on the Node the project brings (24 or newer) and says which at start.
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';
import { freePort } from './support/ports.ts';
import { healthy, startMain, type MainProcess } from './support/main-process.ts';

describe('runtime', () => {
  const children: MainProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  });

  it('names its Node version, 24 or newer, in the start-up log line', async () => {
    const port = await freePort();
    const main = startMain({ DATA_DIR: tempDir(), PORT: String(port) });
    children.push(main);
    await healthy(`http://127.0.0.1:${port}`, main);
    const startLine = () =>
      main
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"server started"'));
    await expect.poll(startLine, { timeout: 10_000 }).toBeDefined();
    const started = JSON.parse(startLine()!) as { node: string };
    expect(started.node).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(Number(started.node.slice(1).split('.')[0])).toBeGreaterThanOrEqual(24);
  }, 120_000);
});
