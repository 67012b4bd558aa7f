/**
 * The player's clock (docs/product-spec.md §2): minutes:seconds, seconds padded to two digits, minutes counting on past
 * an hour (75:03), as the elapsed and total time of an audio player. Non-finite or negative values
 * (an unknown duration, a stream still loading) read '0:00'.
 */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A time within a transcript as people cite it: m:ss (seconds padded to two digits), h:mm:ss from an
 * hour on, the form AI outputs use too. Non-finite or negative values read '0:00'.
 */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A time with tenths, as the editor shows it: a 0.1 s nudge must be visible. */
export function formatPreciseTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.round(safe * 10) % 10;
  return `${formatTime(Math.floor(Math.round(safe * 10) / 10))}.${tenths}`;
}

export interface TimeThrottleOptions {
  /** Minimum time between two reports, in ms (spec: 250). */
  intervalMs?: number;
  /** Minimum change of the reported value, in seconds (spec: 0.25). */
  minChange?: number;
}

export interface TimeThrottle {
  /**
   * A time from playback. Reported only if at least `intervalMs` passed since the last report and it
   * differs by at least `minChange` seconds from the last reported value. Returns whether it was reported.
   */
  push(time: number, now: number): boolean;
  /**
   * Playback stopped (pause, end): reported without waiting for the interval, still only if it moved by
   * at least `minChange`, so a listener ends up within 0.25 s of where playback stopped.
   */
  settle(time: number, now: number): boolean;
  /**
   * The user or the app jumped (a seek): reported at once unless it equals the last report, so a
   * highlight follows a click on a segment even when the jump is shorter than `minChange`.
   */
  seek(time: number, now: number): boolean;
  /** Forget the last report (a new source). */
  reset(): void;
}

/**
 * The player's time reports (docs/product-spec.md §9): at most every 250 ms and only changes of at least 0.25 s, so a
 * listener (the transcript highlight) does little work while audio plays.
 */
export function createTimeThrottle(
  report: (time: number) => void,
  { intervalMs = 250, minChange = 0.25 }: TimeThrottleOptions = {},
): TimeThrottle {
  let lastAt = Number.NEGATIVE_INFINITY;
  let lastValue = Number.NaN;
  const emit = (time: number, now: number) => {
    lastAt = now;
    lastValue = time;
    report(time);
    return true;
  };
  return {
    push(time, now) {
      if (!Number.isFinite(time)) return false;
      if (now - lastAt < intervalMs) return false;
      if (!Number.isNaN(lastValue) && Math.abs(time - lastValue) < minChange) return false;
      return emit(time, now);
    },
    settle(time, now) {
      if (!Number.isFinite(time)) return false;
      if (!Number.isNaN(lastValue) && Math.abs(time - lastValue) < minChange) return false;
      return emit(time, now);
    },
    seek(time, now) {
      if (!Number.isFinite(time) || time === lastValue) return false;
      return emit(time, now);
    },
    reset() {
      lastAt = Number.NEGATIVE_INFINITY;
      lastValue = Number.NaN;
    },
  };
}
