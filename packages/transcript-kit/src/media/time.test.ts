import { describe, expect, it, vi } from 'vitest';
import { createTimeThrottle, formatClock, formatTime } from './time.ts';

describe('formatClock (the player)', () => {
  it('shows minutes:seconds with two-digit seconds, minutes counting on past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.9)).toBe('0:09');
    expect(formatClock(83.4)).toBe('1:23');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(3600)).toBe('60:00');
    expect(formatClock(75 * 60 + 3)).toBe('75:03');
    expect(formatClock(3 * 3600)).toBe('180:00');
  });

  it("reads '0:00' for non-finite and negative values", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1]) expect(formatClock(value)).toBe('0:00');
  });
});

describe('formatTime', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(59.99)).toBe('0:59');
    expect(formatTime(60)).toBe('1:00');
    expect(formatTime(83.4)).toBe('1:23');
    expect(formatTime(3599)).toBe('59:59');
  });

  it('adds hours from an hour on, minutes padded', () => {
    expect(formatTime(3600)).toBe('1:00:00');
    expect(formatTime(3600 + 5 * 60 + 7)).toBe('1:05:07');
    expect(formatTime(10 * 3600 + 59 * 60 + 59.5)).toBe('10:59:59');
  });

  it("reads '0:00' for non-finite and negative values", () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(Number.NEGATIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });
});

describe('createTimeThrottle', () => {
  it('reports at most every 250 ms', () => {
    const report = vi.fn();
    const throttle = createTimeThrottle(report);
    expect(throttle.push(0, 0)).toBe(true);
    expect(throttle.push(1, 100)).toBe(false);
    expect(throttle.push(2, 249)).toBe(false);
    expect(throttle.push(3, 250)).toBe(true);
    expect(report.mock.calls).toEqual([[0], [3]]);
  });

  it('reports only changes of at least 0.25 s', () => {
    const report = vi.fn();
    const throttle = createTimeThrottle(report);
    throttle.push(10, 0);
    expect(throttle.push(10.2, 1000)).toBe(false);
    expect(throttle.push(9.8, 2000)).toBe(false);
    expect(throttle.push(10.25, 3000)).toBe(true);
    expect(throttle.push(10, 4000)).toBe(true);
    expect(report.mock.calls).toEqual([[10], [10.25], [10]]);
  });

  it('ignores non-finite times', () => {
    const report = vi.fn();
    const throttle = createTimeThrottle(report);
    expect(throttle.push(Number.NaN, 0)).toBe(false);
    expect(throttle.seek(Number.POSITIVE_INFINITY, 0)).toBe(false);
    expect(throttle.settle(Number.NaN, 0)).toBe(false);
    expect(report).not.toHaveBeenCalled();
  });

  it('seek reports at once, even a short jump, and the interval restarts from it', () => {
    const report = vi.fn();
    const throttle = createTimeThrottle(report);
    throttle.push(1, 0);
    expect(throttle.seek(1.1, 5)).toBe(true);
    expect(throttle.seek(42, 10)).toBe(true);
    expect(throttle.seek(42, 20)).toBe(false);
    expect(throttle.push(43, 200)).toBe(false);
    expect(throttle.push(43, 260)).toBe(true);
    expect(report.mock.calls).toEqual([[1], [1.1], [42], [43]]);
  });

  it('settle (pause, end) skips the interval but not the minimum change', () => {
    const report = vi.fn();
    const throttle = createTimeThrottle(report);
    throttle.push(5, 0);
    expect(throttle.settle(5.1, 10)).toBe(false);
    expect(throttle.settle(5.3, 20)).toBe(true);
    expect(report.mock.calls).toEqual([[5], [5.3]]);
  });

  it('reset forgets the last report', () => {
    const report = vi.fn();
    const throttle = createTimeThrottle(report, { intervalMs: 1000, minChange: 1 });
    throttle.push(5, 0);
    throttle.reset();
    expect(throttle.push(5, 1)).toBe(true);
  });
});
