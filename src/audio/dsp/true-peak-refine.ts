import { kaiser, sinc } from './window.js';

/**
 * The refinement of a true-peak candidate. The 4x scan (true-peak-scan.ts) finds the sample intervals whose
 * peak may be the largest; this reads the band-limited interpolant there with a long windowed sinc,
 * where the 4x scan's 16 taps fall away near fs / 2. It reads the interval's quarters (in one pass) and
 * takes the vertex of the parabola through the best and its neighbours; for the `fine` value, the same
 * again at the eighths either side of the best quarter. A parabola through points h apart reads a
 * sinusoid's peak low, never high: by at most 0.036 dB at 20 kHz (48 kHz) with h a quarter sample,
 * 0.003 dB with h an eighth. (4x points alone miss a peak by up to 1 - cos(pi f / 4 fs) of it: 0.47 dB
 * at 20 kHz.) The fine value (a measurement) interpolates with 256 taps, Kaiser beta 10; the quarters
 * alone (an envelope for a limiter, which keeps a margin under its ceiling) with 128, beta 6, to within
 * a few hundredths of a dB of it on full-band material and at half the cost.
 */

interface Kernel {
  readonly half: number;
  /** Phases 0 to 31 of 32 per sample (phase 0 unused), 2 * half taps each. */
  readonly c: Float64Array;
  /**
   * The quarters folded on their symmetry (3 * half values): with s and d the sums and differences of
   * mirrored taps' samples (tap i and tap 2 * half - 1 - i), the half-sample phase is m.s (it is
   * symmetric) and the quarter and three-quarter phases, each the other reversed, e.s + f.d and e.s - f.d.
   * Stored e (half values), then f, then m.
   */
  readonly folded: Float64Array;
}

const GRID = 32;
/** A coarse value this far under the level wanted (0.1 dB) cannot be refined past it. */
const COARSE_LOSS = Math.pow(10, -0.1 / 20);

function kernel(half: number, beta: number, phases: readonly number[]): Kernel {
  const taps = 2 * half;
  const c = new Float64Array(GRID * taps);
  for (const p of phases) {
    const frac = p / GRID;
    let sum = 0;
    for (let i = 0; i < taps; i++) {
      const tau = frac - (1 - half + i);
      sum += c[p * taps + i] = sinc(tau) * kaiser(tau / half, beta);
    }
    // Each phase normalised to unity DC gain.
    for (let i = 0; i < taps; i++) c[p * taps + i]! /= sum;
  }
  const folded = new Float64Array(3 * half);
  const q1 = (GRID / 4) * taps;
  const q2 = 2 * q1;
  const q3 = 3 * q1;
  for (let i = 0; i < half; i++) {
    // Phase 3/4 is phase 1/4 reversed, to the rounding of their normalisation.
    folded[i] = (c[q1 + i]! + c[q3 + i]!) / 2;
    folded[half + i] = (c[q1 + i]! - c[q3 + i]!) / 2;
    folded[2 * half + i] = c[q2 + i]!;
  }
  return { half, c, folded };
}

let fineKernel: Kernel | undefined;
let quarterKernel: Kernel | undefined;

/**
 * |interpolant| of `x` at `at` / GRID samples, zero outside the signal. Inside it, in four running sums
 * (taps i mod 4): one chain of additions over every tap would set the pace.
 */
function valueAt(x: Float32Array, at: number, k: Kernel): number {
  const n = Math.floor(at / GRID);
  const p = at - n * GRID;
  if (p === 0) return n >= 0 && n < x.length ? Math.abs(x[n]!) : 0;
  const { c, half } = k;
  const taps = 2 * half;
  const o = n + 1 - half;
  const base = p * taps;
  if (o >= 0 && o + taps <= x.length) {
    let y0 = 0, y1 = 0, y2 = 0, y3 = 0;
    for (let i = 0; i < taps; i += 4) {
      y0 += c[base + i]! * x[o + i]!;
      y1 += c[base + i + 1]! * x[o + i + 1]!;
      y2 += c[base + i + 2]! * x[o + i + 2]!;
      y3 += c[base + i + 3]! * x[o + i + 3]!;
    }
    return Math.abs(y0 + y1 + (y2 + y3));
  }
  let y = 0;
  for (let i = Math.max(0, -o), end = Math.min(taps, x.length - o); i < end; i++) y += c[base + i]! * x[o + i]!;
  return Math.abs(y);
}

/**
 * |interpolant| at n + 1/4, n + 1/2, n + 3/4 into q[at + 1 .. at + 3], in one pass over the taps. Inside
 * the signal, over mirrored pairs of taps (see `Kernel.folded`): half the multiplications, and each sum
 * split in two running sums (even and odd pairs) so that no single chain of additions sets the pace.
 */
function quarters(x: Float32Array, n: number, k: Kernel, q: Float64Array, at: number): void {
  const { c, half, folded } = k;
  const taps = 2 * half;
  const o = n + 1 - half;
  if (o >= 0 && o + taps <= x.length) {
    let e0 = 0, e1 = 0, f0 = 0, f1 = 0, m0 = 0, m1 = 0;
    const last = o + taps - 1;
    for (let i = 0; i < half; i += 2) {
      const a0 = x[o + i]!, b0 = x[last - i]!, a1 = x[o + i + 1]!, b1 = x[last - i - 1]!;
      const s0 = a0 + b0, d0 = a0 - b0, s1 = a1 + b1, d1 = a1 - b1;
      e0 += folded[i]! * s0;
      e1 += folded[i + 1]! * s1;
      f0 += folded[half + i]! * d0;
      f1 += folded[half + i + 1]! * d1;
      m0 += folded[2 * half + i]! * s0;
      m1 += folded[2 * half + i + 1]! * s1;
    }
    const e = e0 + e1;
    const f = f0 + f1;
    q[at + 1] = Math.abs(e + f);
    q[at + 2] = Math.abs(m0 + m1);
    q[at + 3] = Math.abs(e - f);
    return;
  }
  const b1 = (GRID / 4) * taps;
  const b2 = 2 * b1;
  const b3 = 3 * b1;
  let y1 = 0;
  let y2 = 0;
  let y3 = 0;
  for (let i = Math.max(0, -o), end = Math.min(taps, x.length - o); i < end; i++) {
    const v = x[o + i]!;
    y1 += c[b1 + i]! * v;
    y2 += c[b2 + i]! * v;
    y3 += c[b3 + i]! * v;
  }
  q[at + 1] = Math.abs(y1);
  q[at + 2] = Math.abs(y2);
  q[at + 3] = Math.abs(y3);
}

/** The vertex value of the parabola through (-1, a), (0, b), (1, c) where b is the largest, else the largest. */
function vertex(a: number, b: number, c: number): number {
  if (a > b || c > b) return Math.max(a, c);
  const curve = a - 2 * b + c;
  if (curve >= 0) return b;
  const d = a - c;
  return b - (d * d) / (8 * curve);
}

const points = new Float64Array(7);

/**
 * The largest |value| of `x`'s band-limited interpolant near the interval from sample n to n + 1 (the
 * peak nearest its best quarter, which may lie up to a quarter sample outside it): from the quarters,
 * or with `fine` from the eighths around the best quarter where that could reach `level`.
 */
export function refinedPeak(x: Float32Array, n: number, level: number, fine: boolean): number {
  const k = fine ? (fineKernel ??= kernel(128, 10, Array.from({ length: GRID - 1 }, (_, p) => p + 1))) : (quarterKernel ??= kernel(64, 6, [8, 16, 24]));
  // points[j + 1]: the value at n + j / 4, j from -1 to 5, those at -1 and 5 only where needed.
  points[1] = n < x.length ? Math.abs(x[n]!) : 0;
  points[5] = n + 1 < x.length ? Math.abs(x[n + 1]!) : 0;
  quarters(x, n, k, points, 1);
  let j = 0;
  for (let q = 1; q <= 4; q++) if (points[q + 1]! > points[j + 1]!) j = q;
  const at = n * GRID + j * (GRID / 4);
  if (j === 0) points[0] = valueAt(x, at - GRID / 4, k);
  if (j === 4) points[6] = valueAt(x, at + GRID / 4, k);
  const left = points[j]!;
  const mid = points[j + 1]!;
  const right = points[j + 2]!;
  const coarse = vertex(left, mid, right);
  if (!fine || coarse <= level * COARSE_LOSS) return coarse;
  // The eighths either side, and the best of the five points an eighth apart with its neighbours.
  const l = valueAt(x, at - GRID / 8, k);
  const r = valueAt(x, at + GRID / 8, k);
  const best = mid >= l && mid >= r ? vertex(l, mid, r) : l > r ? vertex(left, l, mid) : vertex(mid, r, right);
  return Math.max(best, coarse);
}
