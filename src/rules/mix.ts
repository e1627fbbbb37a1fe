// The mix before export, judged against the chosen delivery preset (the Master step's check, the export's
// compliance, the preview's status): integrated loudness within tolerance, true peak and short-term loudness under
// their maxima, the speech ending within the ad and no two voice clips at once. The figures are measured in
// src/audio/ (loudness, `speechTiming`); the rules are here, with every other rule. Pure.
import type { DeliveryPreset, DeliveryPresetId } from '../delivery/presets.js';
import { figure, finding, type Finding } from './finding.js';
import { speechPastEnd } from './limits.js';

/** The loudness figures the mix rules read (an `audio/dsp/loudness.ts` measurement has them). */
export interface MixFigures {
  readonly integrated: number;
  readonly truePeak: number;
  readonly shortTermMax: number;
}

/** Where the mix's speech is (`audio/timing-rules.ts` measures it). */
export interface SpeechTimingFigures {
  /** End of the last voice clip, seconds. */
  readonly speechEnd: number;
  /** Pairs of clips that sound at once, with the seconds they share. */
  readonly overlaps: ReadonlyArray<{ readonly seconds: number }>;
}

/** One rule of a compliance check. */
export interface ComplianceRule {
  /** Loudness rules, and the length rules the editor adds (`speechFits`, `noOverlap`, in seconds): ids of src/rules/catalog.ts. */
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

/** The result of a compliance check: pass when every rule passes. */
export interface ComplianceResult {
  readonly preset: DeliveryPresetId;
  readonly pass: boolean;
  readonly rules: readonly ComplianceRule[];
}

const EPSILON = 1e-9;


/** Checks a measurement against a preset: integrated within tolerance, true peak and short-term under their maxima. */
export function judgeMix(measurement: MixFigures, p: DeliveryPreset): ComplianceResult {
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

/**
 * The length rules of a delivery, beside its loudness rules: the speech ends within the ad (a spot that
 * cuts a word never passes), and no two voice clips sound at once.
 */
export function withTimingRules(compliance: ComplianceResult, timing: SpeechTimingFigures, duration: number): ComplianceResult {
  const overlap = timing.overlaps.reduce((sum, item) => sum + item.seconds, 0);
  const rules: ComplianceRule[] = [
    { rule: 'speechFits', pass: speechPastEnd(timing.speechEnd, duration) === 0, measured: timing.speechEnd, max: duration, required: `speech ends by ${duration} s` },
    { rule: 'noOverlap', pass: timing.overlaps.length === 0, measured: overlap, max: 0, required: 'no two voice clips at once' },
  ];
  return { ...compliance, pass: compliance.pass && rules.every((rule) => rule.pass), rules: [...compliance.rules, ...rules] };
}

/** The failed rules of a compliance check as the judge's findings (each with its limit: the maximum, else the minimum). */
export function mixFindings(compliance: ComplianceResult): Finding[] {
  return compliance.rules.flatMap((rule) => {
    if (rule.pass) return [];
    // A target (the integrated loudness) is its middle ± its tolerance; a maximum is itself.
    const target = rule.min !== undefined && rule.max !== undefined;
    const limit = target ? (rule.min! + rule.max!) / 2 : (rule.max ?? rule.min);
    const found = finding(rule.rule, 'mix', {
      measured: rule.measured,
      required: rule.required,
      message: `${rule.rule} ${Number.isFinite(rule.measured) ? figure(rule.measured) : String(rule.measured)}, needs ${rule.required}`,
      ...(limit === undefined ? {} : { limit: { value: limit, sheet: compliance.preset, ...(target ? { tolerance: (rule.max! - rule.min!) / 2 } : {}) } }),
    });
    return found === undefined ? [] : [found];
  });
}
