/**
 * Each caller has `capacity` places; a request takes as many as it costs (at most the capacity) while
 * it is handled, and the next ones wait their turn in order (up to `queueMax`, then refused). A caller
 * flooding the server from many connections then takes a few requests' share of its time, not all of
 * it, a costly request (an export) takes the share of several cheap ones, and waiting costs the server
 * nothing. Strict order: a costly request at the head of the queue is not overtaken by cheaper ones
 * behind it, so it cannot be starved.
 */
export function createCallerGate({ capacity, queueMax }: { capacity: number; queueMax: number }) {
  interface Waiting {
    places: number;
    resolve: () => void;
  }
  const gates = new Map<string, { used: number; waiting: Waiting[] }>();

  const admit = (gate: { used: number; waiting: Waiting[] }) => {
    while (gate.waiting.length > 0 && gate.used + gate.waiting[0]!.places <= capacity) {
      const next = gate.waiting.shift()!;
      gate.used += next.places;
      next.resolve();
    }
  };

  return {
    /**
     * Resolves to a release function once the caller may go on (at once when it has the places free),
     * or to null when its queue is full. Call the release exactly once, when the request is done.
     */
    async enter(key: string, cost = 1): Promise<(() => void) | null> {
      const places = Math.max(1, Math.min(capacity, Math.ceil(cost)));
      let gate = gates.get(key);
      if (!gate) gates.set(key, (gate = { used: 0, waiting: [] }));
      if (gate.waiting.length > 0 || gate.used + places > capacity) {
        if (gate.waiting.length >= queueMax) return null;
        await new Promise<void>((resolve) => gate.waiting.push({ places, resolve }));
      } else gate.used += places;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        gate.used -= places;
        admit(gate);
        if (gate.used === 0 && gate.waiting.length === 0) gates.delete(key);
      };
    },

    /** Places of this caller taken or asked for by requests being handled or waiting. */
    load(key: string): number {
      const gate = gates.get(key);
      return gate ? gate.used + gate.waiting.reduce((sum, w) => sum + w.places, 0) : 0;
    },
  };
}
export type CallerGate = ReturnType<typeof createCallerGate>;
