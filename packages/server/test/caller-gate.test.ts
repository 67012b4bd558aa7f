import { describe, expect, it } from 'vitest';
import { createCallerGate } from '../src/http/caller-gate.ts';

describe('caller gate', () => {
  it('lets a caller have its places at once and queues the rest in order; other callers never wait', async () => {
    const gate = createCallerGate({ concurrency: 2, queueMax: 10 });
    const first = (await gate.enter('a'))!;
    const second = (await gate.enter('a'))!;
    const order: number[] = [];
    const third = gate.enter('a').then((release) => (order.push(3), release!));
    const fourth = gate.enter('a').then((release) => (order.push(4), release!));
    await Promise.resolve();
    expect(order).toEqual([]);
    expect(gate.load('a')).toBe(4);
    // Another caller is not behind them.
    expect(await gate.enter('b')).toBeTypeOf('function');

    first();
    first(); // a second call releases nothing more
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual([3, 4]);
    expect(gate.load('a')).toBe(0);
  });

  it('refuses once the queue is full', async () => {
    const gate = createCallerGate({ concurrency: 1, queueMax: 1 });
    const release = (await gate.enter('a'))!;
    const queued = gate.enter('a');
    expect(await gate.enter('a')).toBeNull();
    release();
    expect(await queued).toBeTypeOf('function');
  });
});
