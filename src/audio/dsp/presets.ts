import { DELIVERY_PRESETS, type DeliveryPreset, type DeliveryPresetId } from '../../delivery/presets.js';
import type { LoudnessMeasurement } from './loudness.js';
import { AudioInputError } from '../errors.js';

/**
 * The preset for an id; for `custom`, `target` and `truePeak` (if given) replace the defaults.
 * A preset object is returned as is.
 */
export function resolvePreset(preset: DeliveryPresetId | DeliveryPreset, custom: { target?: number; truePeak?: number } = {}): DeliveryPreset {
  if (typeof preset === 'object' && preset !== null) return preset;
  const known = DELIVERY_PRESETS[preset];
  if (!known) {
    throw new AudioInputError(`preset: "${String(preset)}" is not a delivery preset; use one of ${Object.keys(DELIVERY_PRESETS).join(', ')}.`);
  }
  if (preset !== 'custom') return known;
  return { ...known, integrated: custom.target ?? known.integrated, truePeak: custom.truePeak ?? known.truePeak };
}

/** One rule of a compliance check. */
export interface ComplianceRule {
  /** Loudness rules, and the length rules the editor adds (`speechFits`, `noOverlap`, in seconds). */
  readonly rule: 'integrated' | 'truePeak' | 'shortTermMax' | 'speechFits' | 'noOverlap';
  readonly pass: boolean;
  /** What was measured (LUFS, dBTP, or seconds for the length rules). */
  readonly measured: number;
  /** Lowest allowed value, if any. */
  readonly min?: number;
  /** Highest allowed value, if any. */
  readonly max?: number;
  /** The requirement in words, e.g. "-14 LUFS ±1 LU". */
  readonly required: string;
}

/** The result of `checkCompliance`: pass when every rule passes. */
export interface ComplianceResult {
  readonly preset: DeliveryPresetId;
  readonly pass: boolean;
  readonly rules: readonly ComplianceRule[];
}

const EPSILON = 1e-9;

/** Checks a measurement against a preset: integrated within tolerance, true peak and short-term under their maxima. */
export function checkCompliance(measurement: LoudnessMeasurement, preset: DeliveryPresetId | DeliveryPreset): ComplianceResult {
  const p = resolvePreset(preset);
  const min = p.integrated - p.tolerance;
  const max = p.integrated + p.tolerance;
  const rules: ComplianceRule[] = [
    {
      rule: 'integrated',
      pass: measurement.integrated >= min - EPSILON && measurement.integrated <= max + EPSILON,
      measured: measurement.integrated,
      min,
      max,
      required: `${p.integrated} LUFS ±${p.tolerance} LU`,
    },
    {
      rule: 'truePeak',
      pass: measurement.truePeak <= p.truePeak + EPSILON,
      measured: measurement.truePeak,
      max: p.truePeak,
      required: `at most ${p.truePeak} dBTP`,
    },
  ];
  if (p.maxShortTerm !== undefined) {
    rules.push({
      rule: 'shortTermMax',
      pass: measurement.shortTermMax <= p.maxShortTerm + EPSILON,
      measured: measurement.shortTermMax,
      max: p.maxShortTerm,
      required: `short-term at most ${p.maxShortTerm} LUFS`,
    });
  }
  return { preset: p.id, pass: rules.every((rule) => rule.pass), rules };
}
