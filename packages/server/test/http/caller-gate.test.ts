import { describe, expect, it } from 'vitest';
import { createCallerGate } from '../../src/http/caller-gate.ts';

describe('caller gate', () => {
  it('lets a caller have its places at once and queues the rest in order; other callers never wait', async () => {
    const gate = createCallerGate({ capacity: 2, queueMax: 10 });
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
    const gate = createCallerGate({ capacity: 1, queueMax: 1 });
    const release = (await gate.enter('a'))!;
    const queued = gate.enter('a');
    expect(await gate.enter('a')).toBeNull();
    release();
    expect(await queued).toBeTypeOf('function');
  });

  it('lets a costly request take the places of several cheap ones, in order, never overtaken', async () => {
    const gate = createCallerGate({ capacity: 8, queueMax: 10 });
    const exports = [(await gate.enter('a', 4))!, (await gate.enter('a', 4))!];
    expect(gate.load('a')).toBe(8);
    const order: string[] = [];
    const third = gate.enter('a', 4).then((release) => (order.push('export'), release!));
    const read = gate.enter('a', 1).then((release) => (order.push('read'), release!));
    // Another caller has all its places.
    const other = await Promise.all(Array.from({ length: 8 }, () => gate.enter('b')));
    expect(other.every((release) => typeof release === 'function')).toBe(true);
    await Promise.resolve();
    expect(order).toEqual([]);
    // One export done: the waiting export goes first; the read behind it waits for the next places.
    exports[0]!();
    const thirdRelease = await third;
    await Promise.resolve();
    expect(order).toEqual(['export']);
    exports[1]!();
    const readRelease = await read;
    expect(order).toEqual(['export', 'read']);
    expect(gate.load('a')).toBe(5);
    thirdRelease();
    readRelease();
    expect(gate.load('a')).toBe(0);
    // A cost above the capacity takes all of it, not more (it would never fit).
    const whole = await gate.enter('a', 100);
    expect(gate.load('a')).toBe(8);
    whole!();
  });
});
