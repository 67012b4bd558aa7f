/**
 * At most `concurrency` requests of one caller are handled at a time; the next ones wait their turn
 * in order (up to `queueMax`, then refused). A caller flooding the server from many connections then
 * takes a few requests' share of its time, not all of it, and waiting costs the server nothing.
 */
export function createCallerGate({ concurrency, queueMax }: { concurrency: number; queueMax: number }) {
  const gates = new Map<string, { active: number; waiting: Array<() => void> }>();

  return {
    /**
     * Resolves to a release function once the caller may go on (at once when it has a free place), or
     * to null when its queue is full. Call the release exactly once, when the request is done.
     */
    async enter(key: string): Promise<(() => void) | null> {
      let gate = gates.get(key);
      if (!gate) gates.set(key, (gate = { active: 0, waiting: [] }));
      if (gate.active >= concurrency) {
        if (gate.waiting.length >= queueMax) return null;
        await new Promise<void>((resolve) => gate.waiting.push(resolve));
      } else gate.active++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = gate.waiting.shift();
        // The place passes straight to the next waiting request (active stays the same).
        if (next) next();
        else if (--gate.active === 0) gates.delete(key);
      };
    },

    /** Requests of this caller being handled or waiting. */
    load(key: string): number {
      const gate = gates.get(key);
      return gate ? gate.active + gate.waiting.length : 0;
    },
  };
}
export type CallerGate = ReturnType<typeof createCallerGate>;
