import { dbToGain, gainToDb } from './db.js';
import { DC_CUTOFF_HZ, highPassChannels } from './high-pass.js';
import { kWeightedPower } from './k-weighting.js';
import { limiterGains, reductionDb, type LimiterCurve } from './limiter.js';
import {
  channelWeights,
  integratedFromBlocks,
  integratedFromSteps,
  loudnessBlocks,
  measureFromBlocks,
  measureLoudness,
  type LoudnessBlocks,
  type LoudnessMeasurement,
} from './loudness.js';
import type { DeliveryPreset, DeliveryPresetId } from '../../delivery/presets.js';
import { checkCompliance, resolvePreset, type ComplianceResult } from './presets.js';
import { reusable, scratch } from './scratch.js';
import { finish, type Steps } from './steps.js';
import { envelopeBlockMaxima, envelopeBlocks, envelopeRunMaxima, lowerTruePeakEnvelope, truePeakEnvelope } from './true-peak-envelope.js';
import { gainedCopy, gainedPeaks, type GainedCopy } from './true-peak-gained.js';
import { runMaxima, SUB } from './true-peak-runs.js';
import { assertChannels, assertSampleRate } from './validate.js';

/** What `master` returns: the mastered channels, their measurement and the compliance check. */
export interface MasterResult {
  readonly channels: Float32Array[];
  /** Integrated loudness of the input, LUFS. */
  readonly inputIntegrated: number;
  /** Measurement of the output. */
  readonly measurement: LoudnessMeasurement;
  readonly compliance: ComplianceResult;
  /** Static gain applied before the limiter, dB. */
  readonly gainDb: number;
  /** Deepest limiter gain reduction, dB. */
  readonly limiterReductionDb: number;
  /** Gain-and-limit passes made (1 to 4): more when the limiter took loudness away. */
  readonly passes: number;
}

/** Options of `master`. */
export interface MasterOptions {
  /** For `custom`: integrated target, LUFS. */
  readonly target?: number;
  /** For `custom`: true-peak ceiling, dBTP. */
  readonly truePeak?: number;
  /**
   * Arrays to write the mastered channels into, e.g. an earlier result's that are no longer needed (new
   * memory costs page faults): used when there is one per channel of the input's length, none sharing
   * memory with the input or each other; otherwise new arrays are made.
   */
  readonly into?: readonly Float32Array[] | undefined;
  /**
   * The input is a work buffer the caller no longer needs: it is high-passed in place instead of into a
   * copy (a 10-minute stereo input is 230 MB). Its contents are undefined afterwards.
   */
  readonly consumeInput?: boolean | undefined;
}

const MAX_PASSES = 4;
/** Aim this close to the target before stopping, LU (the strictest preset allows ±0.5). */
const AIM = 0.1;
/**
 * The input's true-peak envelope is first computed for gains up to PREDICTED_HEADROOM_DB above the gain
 * predicted for the steering's end (or the starting gain, if higher), dB; when a pass goes past that, it is
 * extended to HEADROOM_DB above the pass's gain. The lower the threshold, the more of the input is
 * interpolated and refined: 1 dB over the prediction (about 0.3 dB under the end on the limited cases
 * tried) rather than 2 dB over the starting gain and one extension later (synthetic speech under 12 dB of
 * limiting), or 2 dB over a gain that hardly moves (dense music).
 */
const PREDICTED_HEADROOM_DB = 1;
const HEADROOM_DB = 2;
const MARGIN_DB = 0.1;
/**
 * The final check keeps the measured true peak this far under the ceiling (dB): the measurement reads
 * within 0.005 dB of a 32x-oversampled 256-tap reference on every content tried (true-peak-reference.test.ts).
 */
const GUARD_DB = 0.01;
/** Largest decimation of the steering passes (see `master`), and how many of them at most. */
const COARSE = 8;
const COARSE_PASSES = 6;

/**
 * Masters `input` for a delivery preset: a static gain to the integrated target, then a true-peak
 * limiter to the ceiling. When limiting took loudness away, the gain is raised by the shortfall and the
 * pass repeated from the input (at most 4 passes). A final trim keeps the true peak at or under the
 * ceiling. The input is first high-passed below 20 Hz (2nd-order Butterworth at 10 Hz): a master has no
 * DC. Silence is returned unchanged (its loudness is -Infinity; it fails the integrated rule).
 */
export function master(input: Float32Array[], sampleRate: number, preset: DeliveryPresetId | DeliveryPreset, options: MasterOptions = {}): MasterResult {
  return finish(masterSteps(input, sampleRate, preset, options));
}

/** `master` in steps (see steps.ts): it yields between its passes over the audio. */
export function* masterSteps(input: Float32Array[], sampleRate: number, preset: DeliveryPresetId | DeliveryPreset, options: MasterOptions = {}): Steps<MasterResult> {
  assertChannels(input);
  assertSampleRate(sampleRate);
  const p = resolvePreset(preset, options);
  const n = input[0]!.length;
  const into = reusable(options.into, input.length, n, input);
  // No DC or subsonic rumble in a master: everything below works on the high-passed input.
  const channels = highPassChannels(input, sampleRate, DC_CUTOFF_HZ, options.consumeInput ? input : input.map((_, c) => scratch(`master.highPass${c}`, n)));
  yield;
  const step = Math.round(sampleRate / 10);
  // The input's K-weighted power per run of `factor` samples (a divisor of the 100 ms step: 8 at 48 kHz,
  // 7 at 44.1 kHz): the passes estimate their loudness from it (see kWeightedPower); what is reported is
  // measured on the output itself.
  let factor = COARSE;
  while (factor > 1 && step % factor !== 0) factor--;
  const runs = Math.floor(n / factor);
  const perStep = step / factor;
  const power = kWeightedPower(channels, sampleRate, channelWeights(channels.length), factor, scratch('master.power', runs));
  yield;
  const inputIntegrated = estimateIntegrated(power, null, perStep, 1);
  if (!Number.isFinite(inputIntegrated)) {
    const copy = into ? into.map((c, i) => (c.set(channels[i]!), c)) : channels.map((c) => c.slice());
    const silent = measureLoudness(copy, sampleRate);
    return { channels: copy, inputIntegrated, measurement: silent, compliance: checkCompliance(silent, p), gainDb: 0, limiterReductionDb: 0, passes: 0 };
  }
  const ceiling = dbToGain(p.truePeak - MARGIN_DB);
  const width = Math.max(1, Math.round(0.005 * sampleRate));
  const release = Math.exp(-1 / (0.08 * sampleRate));
  // The runs' maxima that the envelope's scans read, once for all of them (as `subMaxima`, into work buffers).
  const maxima = channels.map((x, c) => runMaxima(x, SUB, scratch(`master.maxima${c}`, Math.ceil(n / SUB))));
  let gainDb = p.integrated - inputIntegrated;
  // Where the steering below will take the gain, roughly (see predictGainDb): the envelope is computed
  // for that, rather than for the starting gain and extended as the gain rises.
  const predicted = factor > 1 && n >= factor * step ? predictGainDb(maxima, power, factor, perStep, gainDb, p.integrated, ceiling, width, release) : gainDb;
  yield;
  // The input's true-peak envelope serves every pass (the limiter is linear in the gain before it).
  let envelopeGainDb = Math.max(gainDb, predicted) + PREDICTED_HEADROOM_DB;
  let threshold = ceiling / dbToGain(envelopeGainDb);
  // What a later, lower threshold adds to the envelope is computed on its own (see lowerTruePeakEnvelope).
  const pending = channels.map((_, c) => scratch(`master.pending${c}`, envelopeBlocks(n)));
  // The envelope's blocks written since its runs' maxima were last taken (see envelopeRunMaxima).
  const touched = new Uint8Array(envelopeBlocks(n));
  const peaks = truePeakEnvelope(channels, sampleRate, threshold, scratch('master.peaks', n), maxima, pending, touched);
  yield;
  // Steering: find the gain on a copy decimated to the runs (each run's largest peak, its mean power),
  // where a limiter pass costs an eighth; the full-rate passes below then start from that gain, and usually one
  // is enough. Only the full-rate passes count, and only their output is measured and reported.
  const coarsePeaks = envelopeRunMaxima(peaks, factor, scratch('master.coarsePeaks', runs), touched, true);
  // The gain only rises past the envelope's, so the threshold only falls: each envelope extends the last.
  const lowerEnvelope = (): void => {
    const from = threshold;
    envelopeGainDb = gainDb + HEADROOM_DB;
    threshold = ceiling / dbToGain(envelopeGainDb);
    lowerTruePeakEnvelope(channels, sampleRate, from, threshold, peaks, maxima, pending, touched);
    envelopeRunMaxima(peaks, factor, coarsePeaks, touched, false);
  };
  let steered = false;
  if (factor > 1 && n >= factor * step) {
    const coarseWidth = Math.max(1, Math.round(width / factor));
    const coarseRelease = Math.pow(release, factor);
    let last: { gainDb: number; loudness: number } | undefined;
    for (let k = 0; k < COARSE_PASSES; k++) {
      if (gainDb > envelopeGainDb) lowerEnvelope();
      const coarse = limiterGains(coarsePeaks, dbToGain(gainDb), ceiling, coarseWidth, coarseRelease);
      yield;
      if (!coarse) break;
      const loudness = estimateIntegrated(power, coarse.gains, perStep, 1);
      const shortfall = p.integrated - loudness;
      steered = Math.abs(shortfall) <= AIM / 4;
      if (steered) break;
      let slope = 1.5;
      if (last && loudness !== last.loudness) slope = (gainDb - last.gainDb) / (loudness - last.loudness);
      last = { gainDb, loudness };
      gainDb += shortfall * Math.min(4, Math.max(1, slope));
    }
  }
  yield;
  let curve: LimiterCurve | null = null;
  let passes = 0;
  let previous: { gainDb: number; loudness: number } | undefined;
  let copy: GainedCopy | undefined;
  let blocks: LoudnessBlocks | undefined;
  for (;;) {
    while (passes < MAX_PASSES) {
      passes++;
      if (gainDb > envelopeGainDb) lowerEnvelope();
      curve = limiterGains(peaks, dbToGain(gainDb), ceiling, width, release, { maxima: coarsePeaks, length: factor });
      yield;
      if (!curve) break;
      // After converged steering the full-rate curve takes what the coarse one took, to a few hundredths of
      // a LU in every case tried: no estimate, the output is measured next anyway.
      if (steered && passes === 1) break;
      const loudness = estimateIntegrated(power, curve.gains, perStep, factor);
      const shortfall = p.integrated - loudness;
      if (Math.abs(shortfall) <= AIM) break;
      // Limiting eats more loudness as the gain rises: the second pass overshoots the shortfall by half,
      // later passes step along the secant of the last two.
      let slope = 1.5;
      if (previous && loudness !== previous.loudness) slope = (gainDb - previous.gainDb) / (loudness - previous.loudness);
      previous = { gainDb, loudness };
      gainDb += shortfall * Math.min(4, Math.max(1, slope));
    }
    // The envelope's block maxima from its runs' (where runs tile blocks), not from every sample again.
    const blockCount = envelopeBlocks(n);
    const tops = envelopeBlockMaxima(peaks, coarsePeaks, factor, scratch('master.tops', blockCount));
    copy = gainedCopy(channels, curve?.gains ?? null, dbToGain(gainDb), peaks, threshold, into, tops, { low: scratch('master.low', blockCount), high: scratch('master.high', blockCount) });
    yield;
    blocks = loudnessBlocks(copy.channels, sampleRate);
    yield;
    const measured = integratedFromBlocks(blocks.momentary);
    // The estimate steered the passes; if the real output misses, correct once more from the measurement.
    if (Math.abs(p.integrated - measured) <= AIM || passes >= MAX_PASSES) break;
    gainDb += p.integrated - measured;
    previous = undefined;
  }
  // The output's peaks, read with the help of the input's envelope (see gainedPeaks).
  const out = copy.channels;
  let measurement = measureFromBlocks(blocks, gainedPeaks(copy, sampleRate));
  if (measurement.truePeak > p.truePeak - GUARD_DB) {
    // The gain ramps (or a peak the envelope read low) moved an inter-sample peak past the margin: trim
    // the whole master by the excess.
    const trim = dbToGain(p.truePeak - GUARD_DB - measurement.truePeak - 0.01);
    for (const channel of out) for (let i = 0; i < channel.length; i++) channel[i]! *= trim;
    gainDb += gainToDb(trim);
    measurement = measureLoudness(out, sampleRate);
  }
  const reduction = reductionDb(curve, dbToGain(gainDb));
  return { channels: out, inputIntegrated, measurement, compliance: checkCompliance(measurement, p), gainDb, limiterReductionDb: reduction, passes };
}

/**
 * The gain the steering would find, estimated before the true-peak envelope exists: the same steering on
 * a rougher copy, runs of `spread` power runs (64 samples at 48 kHz) with the largest sample of any channel
 * in or next to them (the channels' `subMaxima`) for their peak. Sample peaks read true peaks low, so this
 * limits less than the envelope will and tends to fall short of the gain found; it only sets the
 * threshold the envelope is computed for (each pass extends the envelope where its gain goes past it).
 */
function predictGainDb(maxima: readonly Float32Array[], power: Float32Array, factor: number, perStep: number, gainDb: number, target: number, ceiling: number, width: number, release: number): number {
  let spread = 8;
  while (spread > 1 && perStep % spread !== 0) spread--;
  const run = factor * spread;
  const { peaks, powers } = predictionRuns(maxima, power, factor, spread);
  const coarseWidth = Math.max(1, Math.round(width / run));
  const coarseRelease = Math.pow(release, run);
  let last: { gainDb: number; loudness: number } | undefined;
  for (let k = 0; k < COARSE_PASSES; k++) {
    const coarse = limiterGains(peaks, dbToGain(gainDb), ceiling, coarseWidth, coarseRelease);
    if (!coarse) break;
    const loudness = estimateIntegrated(powers, coarse.gains, perStep / spread, 1);
    const shortfall = target - loudness;
    if (Math.abs(shortfall) <= AIM / 4) break;
    let slope = 1.5;
    if (last && loudness !== last.loudness) slope = (gainDb - last.gainDb) / (loudness - last.loudness);
    last = { gainDb, loudness };
    gainDb += shortfall * Math.min(4, Math.max(1, slope));
  }
  return gainDb;
}

/**
 * The prediction's runs of `factor * spread` samples (see predictGainDb): each one's largest value of any
 * channel's `maxima` (runs of SUB) under it, and the mean of its `spread` values of `power` (in work buffers).
 */
export function predictionRuns(maxima: readonly Float32Array[], power: Float32Array, factor: number, spread: number): { peaks: Float32Array; powers: Float32Array } {
  const run = factor * spread;
  const count = Math.floor(power.length / spread);
  const peaks = scratch('master.predictPeaks', count);
  const powers = scratch('master.predictPowers', count);
  if (run % SUB === 0) {
    // Each run covers whole runs of the maxima: their run maxima, then the channels' larger, as integer
    // maxima of the float32 bits (see runMaxima; a float Math.max branches on which value is larger), in
    // flat loops (see kWeightedPower on nested loops in Chromium).
    runMaxima(maxima[0]!, run / SUB, peaks);
    const top = new Int32Array(peaks.buffer, peaks.byteOffset, count);
    for (let c = 1; c < maxima.length; c++) {
      const other = runMaxima(maxima[c]!, run / SUB, scratch('master.predictOther', count));
      const bits = new Int32Array(other.buffer, other.byteOffset, count);
      for (let q = 0; q < count; q++) top[q] = Math.max(top[q]!, bits[q]!);
    }
  } else {
    for (let q = 0; q < count; q++) {
      let top = 0;
      for (const m of maxima) for (let r = Math.floor((q * run) / SUB), last = Math.floor((q * run + run - 1) / SUB); r <= last; r++) top = Math.max(top, m[r]!);
      peaks[q] = top;
    }
  }
  let sum = 0;
  for (let k = 0, j = 0, q = 0, end = count * spread; k < end; k++) {
    sum += power[k]!;
    if (++j === spread) {
      powers[q++] = sum / spread;
      sum = 0;
      j = 0;
    }
  }
  return { peaks, powers };
}

/**
 * Integrated loudness of g[n] * x[n] estimated from x's K-weighted power per run (`power`, `perStep` runs
 * to the 100 ms step), with g one value per `spread` samples of the runs (`gains`; 1 throughout when null).
 */
function estimateIntegrated(power: Float32Array, gains: Float32Array | null, perStep: number, spread: number): number {
  // Flat loops with counters (see kWeightedPower on nested loops in Chromium).
  const steps = new Float64Array(Math.floor(power.length / perStep));
  const runs = steps.length * perStep;
  let sum = 0;
  let r = 0;
  let b = 0;
  if (!gains) {
    for (let k = 0; k < runs; k++) {
      sum += power[k]!;
      if (++r === perStep) {
        steps[b++] = sum / perStep;
        sum = 0;
        r = 0;
      }
    }
  } else if (spread === 1) {
    // Apart from the loop above (no test of `gains` per run): a steering pass calls this for each gain.
    for (let k = 0; k < runs; k++) {
      const g = gains[k]!;
      sum += g * g * power[k]!;
      if (++r === perStep) {
        steps[b++] = sum / perStep;
        sum = 0;
        r = 0;
      }
    }
  } else {
    // A run's energy through the gain: its mean power times the mean of g^2 over its samples.
    let g2 = 0;
    let j = 0;
    let k = 0;
    for (let i = 0, n = runs * spread; i < n; i++) {
      const g = gains[i]!;
      g2 += g * g;
      if (++j === spread) {
        sum += (g2 / spread) * power[k++]!;
        g2 = 0;
        j = 0;
        if (++r === perStep) {
          steps[b++] = sum / perStep;
          sum = 0;
          r = 0;
        }
      }
    }
  }
  return integratedFromSteps(steps);
}
