/**
 * Who spoke which piece: agglomerative clustering of speech pieces by the Bayesian information criterion
 * (Chen & Gopalakrishnan, 1998). Each cluster is one Gaussian (full covariance) over its frames'
 * cepstra; two clusters are one speaker when one Gaussian explains their frames about as well as two,
 * counting the extra Gaussian's parameters against it:
 *
 *   ΔBIC = ½·(n·log|Σ| − n₁·log|Σ₁| − n₂·log|Σ₂|) − λ·½·P·log n,   P = d + d(d+1)/2
 *
 * Plain BIC (ΔBIC < 0: one voice) splits one speaker in two once there is enough of them: with minutes
 * of frames, any difference (a louder passage, another room) beats the penalty, which grows only with
 * log n. So the cost used here is ΔBIC per frame less a floor, the least log-likelihood gain per frame
 * that two voices show (`floor`): what the words alone make one voice's passages differ by stays below
 * it however much there is of them. The closest pair merges until no cost is below zero, so the number of
 * speakers comes out of the data; with a known count, merging goes on until that many are left. Pure
 * arithmetic on sufficient statistics (count, sum, sum of products): a merge adds them.
 */

/** A piece's or cluster's frames, by their sufficient statistics. */
export interface FrameStats {
  n: number;
  /** d sums. */
  sum: Float64Array;
  /** d × d sums of products (lower triangle used). */
  products: Float64Array;
}

export function frameStats(dimensions: number, frames: Iterable<ArrayLike<number>>): FrameStats {
  const d = dimensions;
  const stats: FrameStats = { n: 0, sum: new Float64Array(d), products: new Float64Array(d * d) };
  for (const frame of frames) {
    stats.n++;
    for (let a = 0; a < d; a++) {
      const x = frame[a]!;
      stats.sum[a] += x;
      for (let b = 0; b <= a; b++) stats.products[a * d + b] += x * frame[b]!;
    }
  }
  return stats;
}

export function addStats(x: FrameStats, y: FrameStats): FrameStats {
  const sum = new Float64Array(x.sum.length);
  const products = new Float64Array(x.products.length);
  for (let i = 0; i < sum.length; i++) sum[i] = x.sum[i]! + y.sum[i]!;
  for (let i = 0; i < products.length; i++) products[i] = x.products[i]! + y.products[i]!;
  return { n: x.n + y.n, sum, products };
}

/** The Gaussian of a cluster's frames: mean, Cholesky factor of the covariance (Σ = L·Lᵀ), log|Σ|. */
export interface Gaussian {
  mean: Float64Array;
  lower: Float64Array;
  logDet: number;
}

/** Fits the frames' Gaussian; a floor on the Cholesky pivots keeps a degenerate cluster finite. */
export function gaussianOf(stats: FrameStats): Gaussian {
  const d = stats.sum.length;
  const { n, sum, products } = stats;
  const mean = sum.map((v) => v / n);
  const lower = new Float64Array(d * d);
  let logDet = 0;
  for (let i = 0; i < d; i++)
    for (let j = 0; j <= i; j++) {
      let v = products[i * d + j]! / n - mean[i]! * mean[j]!;
      for (let k = 0; k < j; k++) v -= lower[i * d + k]! * lower[j * d + k]!;
      if (i === j) {
        const pivot = Math.max(v, 1e-6);
        lower[i * d + i] = Math.sqrt(pivot);
        logDet += Math.log(pivot);
      } else lower[i * d + j] = v / lower[j * d + j]!;
    }
  return { mean, lower, logDet };
}

/** log|Σ| of the frames' covariance. */
export function logDeterminant(stats: FrameStats): number {
  return gaussianOf(stats).logDet;
}

/** The log density of one frame under a Gaussian (natural log). */
export function logLikelihood(g: Gaussian, frame: ArrayLike<number>): number {
  const d = g.mean.length;
  // Solve L·y = x − μ; the Mahalanobis distance is |y|².
  let distance = 0;
  const y = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    let v = frame[i]! - g.mean[i]!;
    for (let k = 0; k < i; k++) v -= g.lower[i * d + k]! * y[k]!;
    y[i] = v / g.lower[i * d + i]!;
    distance += y[i]! * y[i]!;
  }
  return -0.5 * (d * Math.log(2 * Math.PI) + g.logDet + distance);
}

export interface BicCost {
  /** The penalty's weight λ; larger merges more. */
  penalty: number;
  /** The least log-likelihood gain per frame (nats) that tells two voices apart; 0: plain BIC. */
  floor: number;
}

/** What joining two clusters costs in evidence per frame: below zero, one voice. */
export function mergeCost(x: FrameStats, y: FrameStats, cost: BicCost, logDetX = logDeterminant(x), logDetY = logDeterminant(y)): number {
  const d = x.sum.length;
  const parameters = d + (d * (d + 1)) / 2;
  const merged = addStats(x, y);
  const gain = 0.5 * (merged.n * logDeterminant(merged) - x.n * logDetX - y.n * logDetY);
  return (gain - cost.penalty * 0.5 * parameters * Math.log(merged.n)) / merged.n - cost.floor;
}

export interface BicOptions extends BicCost {
  /** Merge until exactly this many clusters are left (fewer pieces: one each). */
  count?: number;
  /**
   * Without a count: a cluster of fewer frames than this is merged into its closest one even when ΔBIC
   * says it is another voice (a cough, a door, a few words: too little to be a speaker of its own).
   */
  minFrames?: number;
}

/**
 * Clusters pieces (their frame statistics, all of one dimension) and answers each piece's cluster,
 * numbered 0, 1, … in the order of the pieces' first appearance.
 */
export function clusterByBic(pieces: readonly FrameStats[], options: BicOptions): number[] {
  const n = pieces.length;
  if (n === 0) return [];
  const stats: (FrameStats | null)[] = [...pieces];
  const logDet = stats.map((s) => logDeterminant(s!));
  const members = pieces.map((_, i) => [i]);
  const delta = (i: number, j: number) => mergeCost(stats[i]!, stats[j]!, options, logDet[i], logDet[j]);
  // The cost of every live pair (upper triangle), and each row's best partner, so a merge costs O(n)
  // new pairs plus the rows whose best partner it took away, not a search of all pairs.
  const pair = new Float64Array(n * n).fill(Infinity);
  const value = (i: number, j: number) => pair[Math.min(i, j) * n + Math.max(i, j)]!;
  const best = new Int32Array(n).fill(-1);
  const bestOf = (i: number) => {
    let b = -1;
    for (let j = 0; j < n; j++) if (j !== i && stats[j] && (b < 0 || value(i, j) < value(i, b))) b = j;
    best[i] = b;
  };
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pair[i * n + j] = delta(i, j);
  for (let i = 0; i < n; i++) bestOf(i);

  let live = n;
  while (live > 1) {
    if (options.count !== undefined && live <= options.count) break;
    let i = -1;
    for (let k = 0; k < n; k++) if (stats[k] && (i < 0 || value(k, best[k]!) < value(i, best[i]!))) i = k;
    if (options.count === undefined && value(i, best[i]!) >= 0) {
      // Every pair is two voices; only a cluster too small to be a speaker still merges.
      let small = -1;
      for (let k = 0; k < n; k++) {
        const size = stats[k]?.n ?? Infinity;
        if (size < (options.minFrames ?? 0) && (small < 0 || size < stats[small]!.n)) small = k;
      }
      if (small < 0) break;
      i = small;
    }
    const j = best[i]!;
    const [keep, gone] = i < j ? [i, j] : [j, i];
    stats[keep] = addStats(stats[keep]!, stats[gone]!);
    logDet[keep] = logDeterminant(stats[keep]!);
    members[keep]!.push(...members[gone]!);
    stats[gone] = null;
    live--;
    for (let k = 0; k < n; k++) if (k !== keep && stats[k]) pair[Math.min(k, keep) * n + Math.max(k, keep)] = delta(k, keep);
    for (let k = 0; k < n; k++) {
      if (!stats[k]) continue;
      if (k === keep || best[k] === keep || best[k] === gone) bestOf(k);
      else if (value(k, keep) < value(k, best[k]!)) best[k] = keep;
    }
  }

  const root = new Int32Array(n);
  members.forEach((m, r) => {
    if (stats[r]) for (const piece of m) root[piece] = r;
  });
  const numberOf = new Map<number, number>();
  return Array.from(root, (r) => {
    if (!numberOf.has(r)) numberOf.set(r, numberOf.size);
    return numberOf.get(r)!;
  });
}
