// BIC clustering on frames whose truth is known by construction (Gaussian draws): one source stays one
// cluster however much of it there is, distinct sources are told apart, a count is honoured, and
// clusters are numbered by first appearance.
import { describe, expect, it } from 'vitest';
import { addStats, clusterByBic, frameStats, logDeterminant, mergeCost } from '../../src/features/transcription/speakers/bic-clustering.ts';

/** A seeded normal draw (Box-Muller on a linear congruential generator): the same frames every run. */
function normals(seed: number) {
  let state = seed;
  const uniform = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648 + 1e-12;
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** `pieces` pieces of `frames` frames each from a 4-dimensional Gaussian centred on `centre`. */
function source(centre: number[], pieces: number, frames: number, seed: number) {
  const draw = normals(seed);
  return Array.from({ length: pieces }, () =>
    frameStats(
      centre.length,
      Array.from({ length: frames }, () => centre.map((c) => c + draw())),
    ),
  );
}

const cost = { penalty: 4, floor: 0.2 };

describe('BIC clustering', () => {
  it('computes log|Σ| of the frames', () => {
    // Frames (±2, 0) and (0, ±3): covariance diag(2, 4.5) → log 9.
    const stats = frameStats(2, [
      [2, 0],
      [-2, 0],
      [0, 3],
      [0, -3],
    ]);
    expect(logDeterminant(stats)).toBeCloseTo(Math.log(9), 10);
  });

  it('keeps one source one cluster, from a few pieces to hundreds', () => {
    for (const pieces of [4, 40, 400]) {
      const clusters = clusterByBic(source([0, 0, 0, 0], pieces, 150, pieces), cost);
      expect(new Set(clusters).size, `${pieces} pieces`).toBe(1);
    }
  });

  it('tells three sources apart, interleaved as turns are, and numbers them by first appearance', () => {
    const a = source([0, 0, 0, 0], 10, 150, 1);
    const b = source([3, 0, -2, 1], 10, 150, 2);
    const c = source([0, 3, 2, -2], 10, 150, 3);
    const pieces = a.flatMap((p, i) => [b[i]!, p, c[i]!]);
    expect(clusterByBic(pieces, cost)).toEqual(a.flatMap(() => [0, 1, 2]));
    // Two pieces of one source cost less to join than pieces of two; whole sources, far more.
    expect(mergeCost(a[0]!, a[1]!, cost)).toBeLessThan(mergeCost(a[0]!, b[0]!, cost));
    const whole = (pieces: typeof a) => pieces.reduce((x, y) => addStats(x, y));
    expect(mergeCost(whole(a.slice(0, 5)), whole(a.slice(5)), cost)).toBeLessThan(0);
    expect(mergeCost(whole(a), whole(b), cost)).toBeGreaterThan(0);
  });

  it('merges down to a given count, and never below one piece per cluster', () => {
    const a = source([0, 0, 0, 0], 5, 150, 4);
    const b = source([3, 0, -2, 1], 5, 150, 5);
    const c = source([0, 3, 2, -2], 5, 150, 6);
    const pieces = [...a, ...b, ...c];
    expect(new Set(clusterByBic(pieces, { ...cost, count: 2 })).size).toBe(2);
    expect(new Set(clusterByBic(pieces, { ...cost, count: 1 }))).toEqual(new Set([0]));
    // Asked for more than there are pieces: one cluster each.
    expect(clusterByBic(pieces.slice(0, 3), { ...cost, count: 5 })).toEqual([0, 1, 2]);
  });

  it('folds a cluster too small to be a speaker into its closest one', () => {
    const a = source([0, 0, 0, 0], 8, 150, 7);
    const cough = source([6, 6, 6, 6], 1, 60, 8);
    const pieces = [...a.slice(0, 4), ...cough, ...a.slice(4)];
    expect(new Set(clusterByBic(pieces, cost)).size).toBe(2);
    expect(new Set(clusterByBic(pieces, { ...cost, minFrames: 300 })).size).toBe(1);
  });

  it('answers nothing for no pieces', () => {
    expect(clusterByBic([], cost)).toEqual([]);
  });
});
