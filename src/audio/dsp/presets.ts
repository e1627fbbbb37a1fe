import { DELIVERY_PRESETS, type DeliveryPreset, type DeliveryPresetId } from '../../delivery/presets.js';
import type { LoudnessMeasurement } from './loudness.js';
import { AudioInputError } from '../errors.js';
import { judgeMix, type ComplianceResult } from '../../rules/mix.js';

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

export type { ComplianceResult, ComplianceRule } from '../../rules/mix.js';

/** Checks a measurement against a preset (an id, or a preset object): the judge's mix rules (src/rules/mix.ts). */
export function checkCompliance(measurement: LoudnessMeasurement, preset: DeliveryPresetId | DeliveryPreset): ComplianceResult {
  return judgeMix(measurement, resolvePreset(preset));
}
