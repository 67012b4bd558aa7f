/**
 * A stopwatch for start-up: buildServer marks each phase (database, queue, routes, ready, worker) and
 * logs the times with 'server built'. Apart from app.ts because it knows nothing of the server.
 */

/** Milliseconds spent in each named phase of start-up, in order. */
export function startupPhases() {
  const ms: Record<string, number> = {};
  let last = performance.now();
  return {
    mark(name: string) {
      const now = performance.now();
      ms[name] = Math.round(now - last);
      last = now;
    },
    done: () => ms,
  };
}
