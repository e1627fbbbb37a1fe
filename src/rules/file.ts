// A destination's rules checked against a delivered file's figures: each rule with the file's figure, what
// the destination asks, and, when it fails, the fix in words. Pure: no DOM, no audio.
import type { DeliveredFigures, DeliveryRuleResult, DestinationProfile } from '../delivery/types.js';
import { finding, type Finding } from './finding.js';
import { overPace } from './pace.js';
import { englishWords, type LaterKey, type SaidValues } from './said.js';

/** What the rules need besides the file's figures. */
export interface RuleContext {
  /** The ad's booked length, seconds (the project's duration). */
  readonly adSeconds: number;
  /** Seconds of speech the ad's end cuts off (0 when the speech ends in time). */
  readonly speechCut: number;
  /**
   * Words a second of the ad's takes (./read.ts `fileWordsPerSecond`, the figure the Script step judges); absent
   * before any take. Judged where the destination's sheet sets `maxWordsPerSecond`.
   */
  readonly wordsPerSecond?: number | undefined;
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

/** What the file's figures are held to, before the verdict and its fix. */
type Held = Omit<DeliveryRuleResult, 'fix'>;

/**
 * How to fix a failure of `result`, as words of src/i18n/*-later.ts and their values: the English `fix` of the
 * manifest is made of them, and the receipt says them in the reader's language.
 */
export function fixAdvice(profile: DestinationProfile, result: Held, adSeconds: number): { readonly key: LaterKey; readonly values: SaidValues } {
  const mp3 = profile.codec.container === 'mp3';
  switch (result.rule) {
    case 'loudness':
      return { key: Number.isFinite(result.measured) ? 'fix.loudness' : 'fix.silent', values: { lufs: profile.loudness } };
    case 'truePeak':
      return { key: mp3 ? 'fix.truePeakMp3' : 'fix.truePeak', values: { dbtp: profile.truePeak } };
    case 'length':
      if (profile.length.kind === 'exact') return { key: 'fix.exact', values: { seconds: adSeconds, samples: Math.round(adSeconds * profile.sampleRate), rate: profile.sampleRate } };
      return { key: 'fix.shorten', values: { seconds: profile.length.maxSeconds } };
    case 'maxBytes':
      return { key: mp3 ? 'fix.sizeMp3' : 'fix.sizeWav', values: { size: size(profile.maxBytes ?? 0) } };
    case 'tailSilence':
      return { key: 'fix.tail', values: { seconds: profile.minTailSilence } };
    case 'speech':
      return { key: 'fix.speech', values: { seconds: Math.round(result.measured * 10) / 10 } };
    case 'words-per-second':
      return { key: 'fix.shortenScript', values: {} };
  }
}

/** The rule's result, with its fix in English words when it fails. */
const held = (profile: DestinationProfile, result: Held, adSeconds: number): DeliveryRuleResult => {
  if (result.pass) return result;
  const { key, values } = fixAdvice(profile, result, adSeconds);
  return { ...result, fix: englishWords(key, values) };
};

function loudnessRule(profile: DestinationProfile, integrated: number): Held {
  const pass = Number.isFinite(integrated) && Math.abs(integrated - profile.loudness) <= profile.tolerance + EPSILON;
  return { rule: 'loudness', pass, measured: integrated, required: `${num(profile.loudness)} ±${num(profile.tolerance)} LUFS` };
}

function truePeakRule(profile: DestinationProfile, truePeak: number): Held {
  const pass = truePeak === -Infinity || truePeak <= profile.truePeak + EPSILON;
  return { rule: 'truePeak', pass, measured: truePeak, required: `at most ${num(profile.truePeak)} dBTP` };
}

function lengthRule(profile: DestinationProfile, figures: RuleFigures, adSeconds: number): Held {
  if (profile.length.kind === 'exact') {
    const expected = Math.round(adSeconds * figures.sampleRate);
    return { rule: 'length', pass: figures.samples === expected, measured: figures.seconds, required: `exactly ${seconds(adSeconds)} (${expected} samples)` };
  }
  const max = profile.length.maxSeconds;
  // Within half a sample of the limit is the limit.
  return { rule: 'length', pass: figures.samples <= Math.round(max * figures.sampleRate), measured: figures.seconds, required: `at most ${seconds(max)}` };
}

function maxBytesRule(bytes: number, maxBytes: number): Held {
  return { rule: 'maxBytes', pass: bytes <= maxBytes, measured: bytes, required: `at most ${size(maxBytes)} (${maxBytes} bytes)` };
}

function tailSilenceRule(profile: DestinationProfile, tail: number): Held {
  const want = profile.minTailSilence;
  return { rule: 'tailSilence', pass: tail + EPSILON >= want, measured: tail, required: `at least ${seconds(want)} of silence at the end` };
}

function speechRule(cut: number): Held {
  return { rule: 'speech', pass: cut <= EPSILON, measured: cut, required: 'no speech past the end' };
}

/** Words a second against the sheet's limit, rounded to a tenth as the pace rules round it (./pace.ts). */
function wordsPerSecondRule(wordsPerSecond: number, max: number): Held {
  return { rule: 'words-per-second', pass: !overPace(wordsPerSecond, max), measured: wordsPerSecond, required: `at most ${num(max)} words a second` };
}

/**
 * Checks a delivered file against its destination: loudness within tolerance, true peak under the ceiling,
 * length (exactly the ad's, to the sample, or at most the maximum), file size (where the destination sets
 * one), silence at the end (where asked), no speech cut by the ad's end, and words a second (where the sheet
 * sets `maxWordsPerSecond` and the context knows them). Each failure carries its figure and a fix in words; a
 * figure that is not a number (silence's loudness is -Infinity) never passes.
 */
export function checkDestination(profile: DestinationProfile, figures: RuleFigures, context: RuleContext): DeliveryRuleResult[] {
  const results = [loudnessRule(profile, figures.integrated), truePeakRule(profile, figures.truePeak), lengthRule(profile, figures, context.adSeconds)];
  if (profile.maxBytes !== undefined) results.push(maxBytesRule(figures.bytes, profile.maxBytes));
  if (profile.minTailSilence > 0) results.push(tailSilenceRule(profile, figures.tailSilence));
  results.push(speechRule(context.speechCut));
  if (profile.maxWordsPerSecond !== undefined && context.wordsPerSecond !== undefined) results.push(wordsPerSecondRule(context.wordsPerSecond, profile.maxWordsPerSecond));
  return results.map((result) => held(profile, result, context.adSeconds));
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
    case 'words-per-second':
      return profile.maxWordsPerSecond ?? Infinity;
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
      ...(result.fix === undefined ? {} : { fix: result.fix, advice: fixAdvice(profile, result, adSeconds) }),
      limit: { value: fileLimit(profile, result.rule, adSeconds), sheet: profile.label, ...(result.rule === 'loudness' ? { tolerance: profile.tolerance } : {}) },
    });
    return found === undefined ? [] : [found];
  });
}
