import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { terminalLogStream } from '../../src/http/logging.ts';

describe('log format', () => {
  it('writes JSON lines when stdout is not a terminal (files, pipes, collectors)', () => {
    expect(terminalLogStream(Object.assign(new PassThrough(), { isTTY: false }))).toBeUndefined();
    expect(terminalLogStream(new PassThrough())).toBeUndefined();
  });

  it('writes one readable line per entry on a terminal: level and message, no JSON', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    const written: string[] = [];
    terminal.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const stream = terminalLogStream(terminal);
    expect(stream).toBeDefined();
    pino({ level: 'info' }, stream!).info({ dataDir: '/srv/data' }, 'server started');
    // Written asynchronously: awaited rather than read after a fixed 50 ms.
    await vi.waitFor(() => expect(stripVTControlCharacters(written.join(''))).toMatch(/INFO.*server started/), {
      timeout: 10_000,
      interval: 10,
    });
    // Without the colours a terminal shows.
    const text = stripVTControlCharacters(written.join(''));
    expect(text).toContain('dataDir: "/srv/data"');
    expect(() => JSON.parse(text)).toThrow();
  });
});
