import type { DeliveryPresetId } from '../../config/types.js';
import type { LoudnessMeasurement } from './loudness.js';
import { AudioInputError } from '../errors.js';

/** The delivery presets of `config.mastering.preset` (the same type as the config's). */
export type { DeliveryPresetId };

/** One delivery target: what the master must measure, and where the numbers come from. */
export interface DeliveryPreset {
  readonly id: DeliveryPresetId;
  readonly label: string;
  /** Integrated loudness target, LUFS. */
  readonly integrated: number;
  /** Allowed deviation of the integrated loudness from the target, LU (either way). */
  readonly tolerance: number;
  /** Highest allowed true peak, dBTP. */
  readonly truePeak: number;
  /** Highest allowed short-term loudness, LUFS, where the source sets one. */
  readonly maxShortTerm?: number;
  /** Where the numbers come from; "common practice" where no single document sets them. */
  readonly source: string;
}

/** The delivery presets, by id. `custom` holds the defaults of `config.mastering.target` / `truePeak`. */
export const DELIVERY_PRESETS: Readonly<Record<DeliveryPresetId, DeliveryPreset>> = Object.freeze({
  streaming: {
    id: 'streaming',
    label: 'Streaming (-14 LUFS)',
    integrated: -14,
    tolerance: 1,
    truePeak: -1,
    source: 'Common platform practice: Spotify and YouTube normalise playback to about -14 LUFS; Spotify asks for -1 dBTP.',
  },
  podcast: {
    id: 'podcast',
    label: 'Podcast (-16 LUFS)',
    integrated: -16,
    tolerance: 1,
    truePeak: -1,
    source: 'Apple Podcasts delivery guidance (-16 LUFS ±1 dB, peaks not above -1 dBFS); AES TD1004 recommends -16 to -20 LUFS for streamed and downloaded audio.',
  },
  'aes-ads': {
    id: 'aes-ads',
    label: 'AES streaming (-18 LUFS)',
    integrated: -18,
    tolerance: 1,
    truePeak: -1,
    source: 'AES TD1008 (2021) recommendations for internet audio streaming and on-demand distribution, as commonly summarised (-18 LUFS for speech-led content, -1 dBTP); common practice for streamed audio ads.',
  },
  'ebu-r128': {
    id: 'ebu-r128',
    label: 'Broadcast EBU R 128 (-23 LUFS)',
    integrated: -23,
    tolerance: 0.5,
    truePeak: -1,
    maxShortTerm: -18,
    source: 'EBU R 128 (-23.0 LUFS ±0.5 LU, -1 dBTP) with R 128 s1 for short-form content such as commercials (short-term loudness at most -18 LUFS).',
  },
  'atsc-a85': {
    id: 'atsc-a85',
    label: 'Broadcast ATSC A/85 (-24 LKFS)',
    integrated: -24,
    tolerance: 2,
    truePeak: -2,
    source: 'ATSC A/85:2013 (-24 LKFS ±2 dB, -2 dBTP), as referenced by the US CALM Act.',
  },
  custom: {
    id: 'custom',
    label: 'Custom',
    integrated: -16,
    tolerance: 0.5,
    truePeak: -1,
    source: 'Set by the integrator (config.mastering.target and truePeak).',
  },
});

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
