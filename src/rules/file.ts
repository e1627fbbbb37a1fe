// A destination's rules checked against a delivered file's figures: each rule with the file's figure, what
// the destination asks, and, when it fails, the fix in words. Pure: no DOM, no audio.
import type { DeliveredFigures, DeliveryRuleResult, DestinationProfile } from '../delivery/types.js';
import { finding, type Finding } from './finding.js';

/** What the rules need besides the file's figures. */
export interface RuleContext {
  /** The ad's booked length, seconds (the project's duration). */
  readonly adSeconds: number;
  /** Seconds of speech the ad's end cuts off (0 when the speech ends in time). */
  readonly speechCut: number;
}

/** The figures the rules read. */
export type RuleFigures = Pick<DeliveredFigures, 'samples' | 'seconds' | 'sampleRate' | 'bytes' | 'integrated' | 'truePeak' | 'tailSilence'>;

/** Figures are compared at this precision (the report shows one decimal; a float's last bits never fail a file). */
const EPSILON = 1e-6;

/** `-16`, `-23.5`, `0.5`: a figure as the destination states it (at most two decimals, no trailing zeros). */
const num = (value: number): string => String(Math.round(value * 100) / 100);

const seconds = (value: number): string => `${num(value)} s`;

/** `1 MB`, `900 kB`, `1.5 MB` (decimal units, as spec sheets give them). */
function size(bytes: number): string {
  return bytes >= 1_000_000 ? `${num(bytes / 1_000_000)} MB` : `${num(bytes / 1000)} kB`;
}

const rule = (result: Omit<DeliveryRuleResult, 'fix'>, fix: string): DeliveryRuleResult => (result.pass ? result : { ...result, fix });

function loudnessRule(profile: DestinationProfile, integrated: number): DeliveryRuleResult {
  const pass = Number.isFinite(integrated) && Math.abs(integrated - profile.loudness) <= profile.tolerance + EPSILON;
  const fix = Number.isFinite(integrated) ? `Master to ${num(profile.loudness)} LUFS` : `The file is silent: add audio, then master to ${num(profile.loudness)} LUFS`;
  return rule({ rule: 'loudness', pass, measured: integrated, required: `${num(profile.loudness)} ±${num(profile.tolerance)} LUFS` }, fix);
}

function truePeakRule(profile: DestinationProfile, truePeak: number): DeliveryRuleResult {
  const pass = truePeak === -Infinity || truePeak <= profile.truePeak + EPSILON;
  const fix =
    profile.codec.container === 'mp3'
      ? `Master with a lower true-peak ceiling (the MP3 encoder adds peaks), or use a higher bitrate, to stay under ${num(profile.truePeak)} dBTP`
      : `Master with a true-peak ceiling of ${num(profile.truePeak)} dBTP`;
  return rule({ rule: 'truePeak', pass, measured: truePeak, required: `at most ${num(profile.truePeak)} dBTP` }, fix);
}

function lengthRule(profile: DestinationProfile, figures: RuleFigures, adSeconds: number): DeliveryRuleResult {
  if (profile.length.kind === 'exact') {
    const expected = Math.round(adSeconds * figures.sampleRate);
    const pass = figures.samples === expected;
    return rule(
      { rule: 'length', pass, measured: figures.seconds, required: `exactly ${seconds(adSeconds)} (${expected} samples)` },
      `Make the file exactly ${seconds(adSeconds)} long (${expected} samples at ${figures.sampleRate} Hz)`,
    );
  }
  const max = profile.length.maxSeconds;
  // Within half a sample of the limit is the limit.
  const pass = figures.samples <= Math.round(max * figures.sampleRate);
  return rule({ rule: 'length', pass, measured: figures.seconds, required: `at most ${seconds(max)}` }, `Shorten the ad to ${seconds(max)}`);
}

function maxBytesRule(profile: DestinationProfile, bytes: number, maxBytes: number): DeliveryRuleResult {
  const fix = profile.codec.container === 'mp3' ? 'Use a lower bitrate, or shorten the ad' : 'Use 16-bit, mono or a lower sample rate, or shorten the ad';
  return rule({ rule: 'maxBytes', pass: bytes <= maxBytes, measured: bytes, required: `at most ${size(maxBytes)} (${maxBytes} bytes)` }, `${fix}, to stay under ${size(maxBytes)}`);
}

function tailSilenceRule(profile: DestinationProfile, tail: number): DeliveryRuleResult {
  const want = profile.minTailSilence;
  return rule(
    { rule: 'tailSilence', pass: tail + EPSILON >= want, measured: tail, required: `at least ${seconds(want)} of silence at the end` },
    `End the ad with ${seconds(want)} of silence: move the last words earlier, shorten the music's fade-out, or extend the ad`,
  );
}

function speechRule(cut: number): DeliveryRuleResult {
  return rule(
    { rule: 'speech', pass: cut <= EPSILON, measured: cut, required: 'no speech past the end' },
    `The speech runs ${seconds(Math.round(cut * 10) / 10)} past the end: extend the ad or shorten the script`,
  );
}

/**
 * Checks a delivered file against its destination: loudness within tolerance, true peak under the ceiling,
 * length (exactly the ad's, to the sample, or at most the maximum), file size (where the destination sets
 * one), silence at the end (where asked), and no speech cut by the ad's end. Each failure carries its figure
 * and a fix in words; a figure that is not a number (silence's loudness is -Infinity) never passes.
 */
export function checkDestination(profile: DestinationProfile, figures: RuleFigures, context: RuleContext): DeliveryRuleResult[] {
  const results = [loudnessRule(profile, figures.integrated), truePeakRule(profile, figures.truePeak), lengthRule(profile, figures, context.adSeconds)];
  if (profile.maxBytes !== undefined) results.push(maxBytesRule(profile, figures.bytes, profile.maxBytes));
  if (profile.minTailSilence > 0) results.push(tailSilenceRule(profile, figures.tailSilence));
  results.push(speechRule(context.speechCut));
  return results;
}

/** Whether every rule passes (and there is at least one). */
export const passesAll = (rules: readonly DeliveryRuleResult[]): boolean => rules.length > 0 && rules.every((result) => result.pass);

/** What a destination's rule holds a file's figure to, in the rule's unit (the ad's length for an exact one). */
export function fileLimit(profile: DestinationProfile, rule: DeliveryRuleResult['rule'], adSeconds: number): number {
  switch (rule) {
    case 'loudness':
      return profile.loudness;
    case 'truePeak':
      return profile.truePeak;
    case 'length':
      return profile.length.kind === 'exact' ? adSeconds : profile.length.maxSeconds;
    case 'maxBytes':
      return profile.maxBytes ?? Infinity;
    case 'tailSilence':
      return profile.minTailSilence;
    case 'speech':
      return 0;
  }
}

/**
 * The failed rules of `results` (`checkDestination`'s, for `profile`) as the judge's findings in `subject` (a
 * delivered file, or a version on its figures known before rendering), each with its limit and the sheet that sets it.
 */
export function fileFindings(profile: DestinationProfile, results: readonly DeliveryRuleResult[], subject: 'file' | 'version', adSeconds: number): Finding[] {
  return results.flatMap((result) => {
    if (result.pass) return [];
    const found = finding(result.rule, subject, {
      measured: result.measured,
      required: result.required,
      message: `${profile.label}: ${result.rule} ${Number.isFinite(result.measured) ? num(result.measured) : String(result.measured)}, needs ${result.required}`,
      ...(result.fix === undefined ? {} : { fix: result.fix }),
      limit: { value: fileLimit(profile, result.rule, adSeconds), sheet: profile.label, ...(result.rule === 'loudness' ? { tolerance: profile.tolerance } : {}) },
    });
    return found === undefined ? [] : [found];
  });
}
