import { describe, expect, it } from 'vitest';
import { createFairTurns } from '../../src/db/fair-turns.ts';

/** An operation that finishes when told to, noting when it started and ended. */
function operation(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fair turns', () => {
  it('runs one operation at a time; a caller arriving behind a flood waits for one operation, not all', async () => {
    const turns = createFairTurns();
    const log: string[] = [];
    const flood = Array.from({ length: 6 }, (_, i) => operation(log, `a${i}`));
    const flooding = flood.map((op) => turns.run('user:a', op.run));
    const quiet = operation(log, 'b');
    const answered = turns.run('user:b', quiet.run);
    await settle();
    expect(log).toEqual(['start a0']);
    expect(turns.waiting).toBe(6);

    flood[0]!.finish();
    await settle();
    // b has not been served yet: its turn comes before a's next one.
    expect(log).toEqual(['start a0', 'end a0', 'start b']);
    quiet.finish();
    expect(await answered).toBe('b');
    for (const op of flood.slice(1)) {
      await settle();
      op.finish();
    }
    expect(await Promise.all(flooding)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
    // One caller's own operations keep their order.
    expect(log.filter((l) => l.startsWith('start a'))).toEqual(['start a0', 'start a1', 'start a2', 'start a3', 'start a4', 'start a5']);
    expect(turns.waiting).toBe(0);
  });

  it('alternates between two busy callers, and a failed operation passes the turn on', async () => {
    const turns = createFairTurns();
    const order: string[] = [];
    const blocker = operation([], 'x');
    const first = turns.run('x', blocker.run);
    const runs = ['a', 'a', 'a', 'b', 'b', 'b'].map((caller, i) =>
      turns.run(caller, async () => {
        order.push(caller);
        if (i === 1) throw new Error('refused');
        return i;
      }),
    );
    blocker.finish();
    await first;
    const results = await Promise.allSettled(runs);
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(results[1]).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    // Nothing is left holding the turn: the next operation starts at once.
    let ran = false;
    await turns.run('c', async () => void (ran = true));
    expect(ran).toBe(true);
  });
});
