/**
 * How long `work` ran, and the longest gap between this thread's 5 ms timers meanwhile: about the
 * timers' period while the thread stayed free for other work, as long as the work when it held the
 * thread (WebAssembly or a synchronous loop running in it).
 */
export async function timerGapsDuring<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; longestGap: number }> {
  let longestGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    const ended = performance.now();
    return { result, ms: ended - started, longestGap: Math.max(longestGap, ended - last) };
  } finally {
    clearInterval(ticker);
  }
}
