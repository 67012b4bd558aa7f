/**
 * Turns on one connection, shared fairly between callers: operations run one at a time, and the next
 * turn goes to the waiting caller served least recently. A caller with many operations waiting then
 * delays another by about one of its operations, not by all of them as first come, first served did.
 * No caller starves: each one served becomes the most recent.
 */
export function createFairTurns({ rememberCallers = 1000 }: { rememberCallers?: number } = {}) {
  const waiting = new Map<string, Array<() => void>>();
  // Caller -> the turn it was last served in, oldest first (Map order). A forgotten caller counts as
  // never served, which it nearly is.
  const lastServed = new Map<string, number>();
  let turn = 0;
  let busy = false;

  const served = (caller: string) => {
    lastServed.delete(caller);
    lastServed.set(caller, ++turn);
    if (lastServed.size > rememberCallers) lastServed.delete(lastServed.keys().next().value!);
  };

  const next = () => {
    let pick: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const caller of waiting.keys()) {
      const at = lastServed.get(caller) ?? 0;
      if (at < oldest) [pick, oldest] = [caller, at];
    }
    if (pick === undefined) {
      busy = false;
      return;
    }
    const queue = waiting.get(pick)!;
    const start = queue.shift()!;
    if (queue.length === 0) waiting.delete(pick);
    served(pick);
    start();
  };

  return {
    /** Runs `operation` in the caller's turn; the turn passes on when it settles. */
    async run<T>(caller: string, operation: () => Promise<T>): Promise<T> {
      if (busy) {
        await new Promise<void>((resolve) => {
          const queue = waiting.get(caller);
          if (queue) queue.push(resolve);
          else waiting.set(caller, [resolve]);
        });
      } else {
        busy = true;
        served(caller);
      }
      try {
        return await operation();
      } finally {
        next();
      }
    },

    /** Operations waiting for a turn. */
    get waiting(): number {
      let n = 0;
      for (const queue of waiting.values()) n += queue.length;
      return n;
    },
  };
}
export type FairTurns = ReturnType<typeof createFairTurns>;
