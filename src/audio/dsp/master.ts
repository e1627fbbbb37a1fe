import { dbToGain, gainToDb } from './db.js';
import { limitTruePeak } from './limiter.js';
import { integratedFromBlocks, loudnessBlocks, measureFromBlocks, type LoudnessMeasurement } from './loudness.js';
import { checkCompliance, resolvePreset, type ComplianceResult, type DeliveryPreset, type DeliveryPresetId } from './presets.js';
import { truePeakEnvelope } from './true-peak.js';
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
}

const MAX_PASSES = 4;
/** Aim this close to the target before stopping, LU (the strictest preset allows ±0.5). */
const AIM = 0.1;
/** The input's true-peak envelope is computed for gains up to this much above the current one, dB. */
const HEADROOM_DB = 2;
const MARGIN_DB = 0.1;

/**
 * Masters `channels` for a delivery preset: a static gain to the integrated target, then a true-peak
 * limiter to the ceiling. When limiting took loudness away, the gain is raised by the shortfall and the
 * pass repeated from the input (at most 4 passes). A final trim keeps the true peak at or under the
 * ceiling. Silence is returned unchanged (its loudness is -Infinity; it fails the integrated rule).
 */
export function master(channels: Float32Array[], sampleRate: number, preset: DeliveryPresetId | DeliveryPreset, options: MasterOptions = {}): MasterResult {
  assertChannels(channels);
  assertSampleRate(sampleRate);
  const p = resolvePreset(preset, options);
  const inputIntegrated = integratedFromBlocks(loudnessBlocks(channels, sampleRate).momentary);
  if (!Number.isFinite(inputIntegrated)) {
    const copy = channels.map((c) => c.slice());
    const silent = measureFromBlocks(copy, sampleRate, loudnessBlocks(copy, sampleRate));
    return { channels: copy, inputIntegrated, measurement: silent, compliance: checkCompliance(silent, p), gainDb: 0, limiterReductionDb: 0, passes: 0 };
  }
  const ceiling = dbToGain(p.truePeak - MARGIN_DB);
  let gainDb = p.integrated - inputIntegrated;
  // The input's true-peak envelope serves every pass (the limiter is linear in the gain before it).
  let envelopeGainDb = gainDb + HEADROOM_DB;
  let peaks = truePeakEnvelope(channels, sampleRate, ceiling / dbToGain(envelopeGainDb));
  let out: Float32Array[] = channels;
  let blocks = loudnessBlocks(channels, sampleRate);
  let reduction = 0;
  let passes = 0;
  let previous: { gainDb: number; loudness: number } | undefined;
  while (passes < MAX_PASSES) {
    passes++;
    if (gainDb > envelopeGainDb) {
      envelopeGainDb = gainDb + HEADROOM_DB;
      peaks = truePeakEnvelope(channels, sampleRate, ceiling / dbToGain(envelopeGainDb));
    }
    const limited = limitTruePeak(channels, sampleRate, { ceiling: p.truePeak, gainDb, marginDb: MARGIN_DB }, peaks);
    out = limited.channels;
    reduction = limited.maxReductionDb;
    blocks = loudnessBlocks(out, sampleRate);
    const loudness = integratedFromBlocks(blocks.momentary);
    const shortfall = p.integrated - loudness;
    if (Math.abs(shortfall) <= AIM || reduction === 0) break;
    // Limiting eats more loudness as the gain rises: the second pass overshoots the shortfall by half,
    // later passes step along the secant of the last two.
    let slope = 1.5;
    if (previous && loudness !== previous.loudness) slope = (gainDb - previous.gainDb) / (loudness - previous.loudness);
    previous = { gainDb, loudness };
    gainDb += shortfall * Math.min(4, Math.max(1, slope));
  }
  let measurement = measureFromBlocks(out, sampleRate, blocks);
  if (measurement.truePeak > p.truePeak) {
    // The gain ramps moved an inter-sample peak past the margin: trim the whole master by the excess.
    const trim = dbToGain(p.truePeak - measurement.truePeak - 0.01);
    out = out.map((channel) => channel.map((v) => v * trim));
    gainDb += gainToDb(trim);
    measurement = measureFromBlocks(out, sampleRate, loudnessBlocks(out, sampleRate));
  }
  return { channels: out, inputIntegrated, measurement, compliance: checkCompliance(measurement, p), gainDb, limiterReductionDb: reduction, passes };
}
