import { AudioInputError } from '../errors.js';
import { kaiser, sinc } from './window.js';

/** Options of `resample`. */
export interface ResampleOptions {
  /** Zero crossings of the sinc on each side (quality vs speed). Default 32. */
  readonly halfWidth?: number;
  /** Kaiser window beta. Default 9 (about 90 dB stop band). */
  readonly beta?: number;
  /** Pass band edge as a fraction of the lower Nyquist frequency. Default 0.96 (46 kHz at 48 kHz). */
  readonly rolloff?: number;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

const tables = new Map<string, { taps: number; table: Float32Array }>();

/**
 * Polyphase table: for each of `up` phases, `taps` coefficients. Phase p is for an output point at fraction
 * p / up past input sample k; tap t weighs input sample k - half + 1 + t. Each phase sums to 1.
 */
function polyphase(up: number, down: number, options: ResampleOptions): { taps: number; table: Float32Array; half: number } {
  const ratio = Math.min(1, up / down);
  const zeroCrossings = options.halfWidth ?? 32;
  const half = Math.ceil(zeroCrossings / ratio);
  const taps = half * 2;
  const key = `${up}/${down}/${zeroCrossings}/${options.beta ?? 9}/${options.rolloff ?? 0.96}`;
  const known = tables.get(key);
  if (known) return { ...known, half };
  const beta = options.beta ?? 9;
  const cutoff = 0.5 * ratio * (options.rolloff ?? 0.96);
  const table = new Float32Array(up * taps);
  for (let p = 0; p < up; p++) {
    let sum = 0;
    const row = new Float64Array(taps);
    for (let t = 0; t < taps; t++) {
      const tau = p / up - (t - half + 1);
      row[t] = 2 * cutoff * sinc(2 * cutoff * tau) * kaiser(tau / half, beta);
      sum += row[t]!;
    }
    for (let t = 0; t < taps; t++) table[p * taps + t] = row[t]! / sum;
  }
  const made = { taps, table };
  tables.set(key, made);
  return { ...made, half };
}

/**
 * Resamples one channel from `fromRate` to `toRate` with a windowed-sinc polyphase filter (rational ratio;
 * exact for 44.1 <-> 48 kHz: 160/147). The output has round(length * toRate / fromRate) samples, and output
 * sample i sits at input time i * fromRate / toRate (no delay). Same rate: a copy.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number, options: ResampleOptions = {}): Float32Array {
  if (!Number.isInteger(fromRate) || !Number.isInteger(toRate) || fromRate <= 0 || toRate <= 0) {
    throw new AudioInputError(`resample: rates must be positive whole numbers of Hz, got ${fromRate} and ${toRate}.`);
  }
  if (fromRate === toRate) return input.slice();
  const g = gcd(fromRate, toRate);
  const up = toRate / g;
  const down = fromRate / g;
  if (up > 4096) throw new AudioInputError(`resample: ${fromRate} -> ${toRate} Hz needs ${up} filter phases; resample through 48000 Hz first.`);
  const { taps, table, half } = polyphase(up, down, options);
  const n = input.length;
  const length = Math.round((n * up) / down);
  // Zero-padded input: xp[k + half] = input[k].
  const xp = new Float32Array(n + taps * 2);
  xp.set(input, half);
  const out = new Float32Array(length);
  let k = 0;
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const base = phase * taps;
    const start = k + 1; // xp index of input[k - half + 1]
    let y = 0;
    for (let t = 0; t < taps; t++) y += table[base + t]! * xp[start + t]!;
    out[i] = y;
    phase += down;
    while (phase >= up) {
      phase -= up;
      k++;
    }
  }
  return out;
}

/** Resamples every channel. */
export function resampleChannels(channels: readonly Float32Array[], fromRate: number, toRate: number, options: ResampleOptions = {}): Float32Array[] {
  return channels.map((channel) => resample(channel, fromRate, toRate, options));
}
