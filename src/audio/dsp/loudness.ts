import { kWeightedPower } from './k-weighting.js';
import { gainToDb } from './db.js';
import { peaks } from './true-peak.js';
import { assertChannels, assertSampleRate } from './validate.js';

/**
 * What `measureLoudness` reports, per ITU-R BS.1770-4 and EBU R 128 (Tech 3341, Tech 3342).
 * Levels that cannot exist (silence, or a signal too short for one block) are `-Infinity`.
 */
export interface LoudnessMeasurement {
  /** Integrated (programme) loudness, LUFS: 400 ms blocks, 75 % overlap, -70 LUFS and -10 LU gates. */
  integrated: number;
  /** Highest momentary loudness (400 ms window, 100 ms steps), LUFS. */
  momentaryMax: number;
  /** Highest short-term loudness (3 s window, 100 ms steps), LUFS. */
  shortTermMax: number;
  /** Loudness range (EBU Tech 3342), LU: 10th to 95th percentile of gated short-term values. */
  range: number;
  /** Highest absolute sample value, dBFS. */
  samplePeak: number;
  /** Highest true peak (4x oversampled below 96 kHz, BS.1770-4 Annex 2), dBTP. */
  truePeak: number;
}

/** Per-100 ms channel-weighted mean squares and the derived block loudness series. */
export interface LoudnessBlocks {
  /** Weighted mean square of each 100 ms step (the sum over channels of G_i * z_i). */
  readonly steps: Float64Array;
  /** Momentary loudness of each 400 ms block, starting every 100 ms, LUFS. */
  readonly momentary: Float64Array;
  /** Short-term loudness of each 3 s block, starting every 100 ms, LUFS. */
  readonly shortTerm: Float64Array;
}

const ABSOLUTE_GATE = -70;
const OFFSET = -0.691;

/** BS.1770-4 channel weights: 1.0 for L, R, C; 1.41 for the surrounds; 0 for an LFE in 5.1 (L R C LFE Ls Rs). */
export function channelWeights(count: number): number[] {
  if (count === 5) return [1, 1, 1, 1.41, 1.41];
  if (count === 6) return [1, 1, 1, 0, 1.41, 1.41];
  return Array.from({ length: count }, () => 1);
}

/** Loudness of a channel-weighted mean square, LUFS. */
export function energyToLufs(energy: number): number {
  return energy > 0 ? OFFSET + 10 * Math.log10(energy) : -Infinity;
}

function lufsToEnergy(lufs: number): number {
  return Math.pow(10, (lufs - OFFSET) / 10);
}

function windowed(steps: Float64Array, width: number): Float64Array {
  const count = Math.max(0, steps.length - width + 1);
  const out = new Float64Array(count);
  let sum = 0;
  for (let i = 0; i < width - 1 && i < steps.length; i++) sum += steps[i]!;
  for (let j = 0; j < count; j++) {
    sum += steps[j + width - 1]!;
    out[j] = energyToLufs(sum / width);
    sum -= steps[j]!;
  }
  return out;
}

/** K-weighted 100 ms energies and the momentary (400 ms) and short-term (3 s) series. */
export function loudnessBlocks(channels: readonly Float32Array[], sampleRate: number): LoudnessBlocks {
  const length = assertChannels(channels);
  assertSampleRate(sampleRate);
  const step = Math.round(sampleRate / 10);
  const steps = kWeightedPower(channels, sampleRate, channelWeights(channels.length), step, new Float64Array(Math.floor(length / step)));
  return { steps, momentary: windowed(steps, 4), shortTerm: windowed(steps, 30) };
}

function powerMean(values: Float64Array, above: number): { mean: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (value > above) {
      sum += lufsToEnergy(value);
      count++;
    }
  }
  return { mean: count > 0 ? energyToLufs(sum / count) : -Infinity, count };
}

/** Integrated loudness of 100 ms step energies (400 ms blocks of 4 steps, BS.1770-4 gating), LUFS. */
export function integratedFromSteps(steps: Float64Array): number {
  return integratedFromBlocks(windowed(steps, 4));
}

/** Integrated loudness (BS.1770-4 gating) of a momentary-block series, LUFS. */
export function integratedFromBlocks(momentary: Float64Array): number {
  const absolute = powerMean(momentary, ABSOLUTE_GATE);
  if (absolute.count === 0) return -Infinity;
  return powerMean(momentary, absolute.mean - 10).mean;
}

/** Loudness range (EBU Tech 3342) of a short-term series, LU. */
export function rangeFromBlocks(shortTerm: Float64Array): number {
  const absolute = powerMean(shortTerm, ABSOLUTE_GATE);
  if (absolute.count === 0) return 0;
  const gate = absolute.mean - 20;
  const kept = Array.from(shortTerm).filter((value) => value > ABSOLUTE_GATE && value > gate).sort((a, b) => a - b);
  if (kept.length < 2) return 0;
  const at = (p: number): number => kept[Math.round((kept.length - 1) * p)]!;
  return at(0.95) - at(0.1);
}

function max(values: Float64Array): number {
  let best = -Infinity;
  for (const value of values) if (value > best) best = value;
  return best;
}

/**
 * Measures integrated loudness, momentary and short-term maxima, loudness range, sample peak and true
 * peak of `channels` (1, 2, 5 or 6 channels; 5 and 6 in ITU order) at `sampleRate`.
 */
export function measureLoudness(channels: Float32Array[], sampleRate: number): LoudnessMeasurement {
  return measureFromBlocks(loudnessBlocks(channels, sampleRate), peaks(channels, sampleRate));
}

/** `measureLoudness` from the K-weighted blocks and the linear peaks of the channels, already found. */
export function measureFromBlocks(blocks: LoudnessBlocks, { samplePeak, truePeak }: { samplePeak: number; truePeak: number }): LoudnessMeasurement {
  const { momentary, shortTerm } = blocks;
  return {
    integrated: integratedFromBlocks(momentary),
    momentaryMax: max(momentary),
    shortTermMax: max(shortTerm),
    range: rangeFromBlocks(shortTerm),
    samplePeak: gainToDb(samplePeak),
    truePeak: gainToDb(truePeak),
  };
}

/** Integrated loudness only (no peaks, no range), LUFS: cheaper than `measureLoudness`. */
export function measureIntegrated(channels: readonly Float32Array[], sampleRate: number): number {
  return integratedFromBlocks(loudnessBlocks(channels, sampleRate).momentary);
}

/** Loudness over time, 10 values a second: what the Master panel draws. */
export interface LoudnessSeries {
  /** Momentary (400 ms) loudness ending at each 100 ms step from 0.4 s on, LUFS. */
  readonly momentary: Float32Array;
  /** Short-term (3 s) loudness ending at each 100 ms step from 3 s on, LUFS. */
  readonly shortTerm: Float32Array;
  /**
   * The sample peak of each 100 ms step, dBFS: a step whose samples pass the true-peak ceiling is over it
   * for sure (a true peak between samples is not looked for here: 4x oversampling every step would cost
   * about as much again as the whole measurement).
   */
  readonly peaks: Float32Array;
}

/** The momentary and short-term series and the per-step peaks of `channels`, for a loudness graph. */
export function loudnessSeries(channels: readonly Float32Array[], sampleRate: number): LoudnessSeries {
  const blocks = loudnessBlocks(channels, sampleRate);
  const step = Math.round(sampleRate / 10);
  const peaks = new Float32Array(blocks.steps.length);
  for (let k = 0; k < peaks.length; k++) {
    let peak = 0;
    for (const channel of channels) {
      for (let i = k * step, end = i + step; i < end; i++) {
        const value = Math.abs(channel[i]!);
        if (value > peak) peak = value;
      }
    }
    peaks[k] = peak > 0 ? 20 * Math.log10(peak) : -Infinity;
  }
  return { momentary: Float32Array.from(blocks.momentary), shortTerm: Float32Array.from(blocks.shortTerm), peaks };
}
