// One identity per creative: the checks of a delivery's Ad-IDs (each well formed, no two creatives sharing one) and
// of what a VAST document needs to be counted (an impression URL). Each is a pure function that returns findings
// naming their rule, for the one judge (src/rules/) to register; until then the Deliver panel, the Feed step,
// `deliver()`, `deliverFeed()` and the batch call them directly. Pure: no DOM, no Node.
import { describe } from '../internal/describe.js';
import type { RuleId, Severity } from './catalog.js';
import { adIdProblem, normaliseCode, type CodeProblemCode } from '../delivery/codes.js';

/** The rules of this module, by id. */
/** The identity rules of the judge (src/rules/catalog.ts). */
export type IdentityRule = Extract<RuleId, 'ad-id-format' | 'ad-id-duplicate' | 'vast-impression-required'>;

/** A creative of a delivery: a version delivered as it is, or a feed row delivered in a version. */
export interface Creative {
  readonly kind: 'version' | 'row';
  /** The version's name as the user sees it (its label, else its length, `:15`), or the row's key. */
  readonly name: string;
  /** A row's version, by its name, when a run delivers several versions (so the row's creatives are told apart). */
  readonly version?: string;
  /** Its Ad-ID as given (read trimmed and upper-cased); `''`: none. */
  readonly adId: string;
}

/** What a check found: the rule, its severity, the words (what is wrong, then the fix), and what it is about. */
export interface IdentityFinding {
  readonly rule: IdentityRule;
  readonly severity: Severity;
  readonly message: string;
  /** The creatives it names: one for a malformed Ad-ID, the two that share one for a duplicate. */
  readonly creatives: readonly Creative[];
  /** The Ad-ID in question, normalised (`ad-id-format`, `ad-id-duplicate`). */
  readonly adId?: string;
  /** Why an Ad-ID is malformed, for a translation (`ad-id-format`). */
  readonly code?: CodeProblemCode;
  /** The destination's id (`vast-impression-required`). */
  readonly destination?: string;
}

/** A creative in words: `version ":15"`, `row "A-1"`, `row "A-1" of version ":15"`. */
export function creativeName(creative: Creative): string {
  const own = `${creative.kind} ${describe(creative.name)}`;
  return creative.version === undefined ? own : `${own} of version ${describe(creative.version)}`;
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A finding for each creative whose Ad-ID is not empty and not well formed (`adIdProblem`). */
export function adIdFormatFindings(creatives: readonly Creative[]): IdentityFinding[] {
  return creatives.flatMap((creative): IdentityFinding[] => {
    const problem = adIdProblem(creative.adId);
    if (problem === null) return [];
    return [
      {
        rule: 'ad-id-format',
        severity: 'problem',
        message: `The Ad-ID of ${creativeName(creative)} is not one: ${problem.message} Correct it, or leave it empty for no code.`,
        creatives: [creative],
        adId: normaliseCode(creative.adId),
        code: problem.code,
      },
    ];
  });
}

/**
 * A finding for each creative whose Ad-ID an earlier one of `creatives` has already (codes compared as stored:
 * trimmed, upper case), naming both. Empty Ad-IDs are no code, never duplicates; malformed ones are left to
 * `adIdFormatFindings`.
 */
export function duplicateAdIdFindings(creatives: readonly Creative[]): IdentityFinding[] {
  const first = new Map<string, Creative>();
  const findings: IdentityFinding[] = [];
  for (const creative of creatives) {
    const adId = normaliseCode(creative.adId);
    if (adId === '' || adIdProblem(adId) !== null) continue;
    const earlier = first.get(adId);
    if (earlier === undefined) {
      first.set(adId, creative);
      continue;
    }
    findings.push({
      rule: 'ad-id-duplicate',
      severity: 'problem',
      message: `${capital(creativeName(earlier))} and ${creativeName(creative)} have the same Ad-ID, ${describe(adId)}: an ad server rejects or merges two creatives with one Ad-ID, so give each its own (or leave one empty for no code).`,
      creatives: [earlier, creative],
      adId,
    });
  }
  return findings;
}

/** A VAST destination of a delivery, with the impression URLs it would write. */
export interface VastImpressionSubject {
  /** The destination's id. */
  readonly destination: string;
  readonly impressionUrls?: readonly string[] | undefined;
}

/**
 * A finding for each VAST destination without an impression URL: VAST requires one, an ad server counts plays by
 * it, and the editor writes no placeholder. Where to give one is the caller's to add (a field, a flag, an option).
 */
export function vastImpressionFindings(subjects: readonly VastImpressionSubject[]): IdentityFinding[] {
  return subjects
    .filter((subject) => (subject.impressionUrls?.length ?? 0) === 0)
    .map((subject) => ({
      rule: 'vast-impression-required',
      severity: 'problem',
      message: `The ${describe(subject.destination)} destination writes a vast.xml, and an ad server counts its plays by the impression URLs it holds; none was given: give at least one impression URL`,
      creatives: [],
      destination: subject.destination,
    }));
}
