// One identity per creative: the checks of a delivery's Ad-IDs (each well formed, no two creatives sharing one), as
// findings naming their rule; the judge (./judge.ts, `{ kind: 'creatives' }`) runs them for the Deliver panel,
// `deliver()`, `deliverFeed()` and the batch. Pure: no DOM, no Node.
import { describe } from '../internal/describe.js';
import type { RuleId } from './catalog.js';
import type { Finding } from './finding.js';
import { adIdProblem, normaliseCode, type CodeProblemCode } from '../delivery/codes.js';

/** The identity rules of the judge (src/rules/catalog.ts). */
export type IdentityRule = Extract<RuleId, 'ad-id-format' | 'ad-id-duplicate'>;

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

/**
 * What a check found: a finding (its words say what is wrong, then the fix; `measured` is the Ad-ID's length for a
 * malformed one, the creatives sharing it for a duplicate), and what it is about.
 */
export interface IdentityFinding extends Finding {
  readonly rule: IdentityRule;
  /** The creatives it names: one for a malformed Ad-ID, the two that share one for a duplicate. */
  readonly creatives: readonly Creative[];
  /** The Ad-ID in question, normalised (`ad-id-format`, `ad-id-duplicate`). */
  readonly adId?: string;
  /** Why an Ad-ID is malformed, for a translation (`ad-id-format`). */
  readonly code?: CodeProblemCode;
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
        measured: normaliseCode(creative.adId).length,
        required: 'an Ad-ID of 11 letters and digits (a 4-character prefix not starting with 0, then 7)',
        message: `The Ad-ID of ${creativeName(creative)} is not one: ${problem.message} Correct it, or leave it empty for no code.`,
        // What to do, in the reader's words (the message ends with it in English).
        advice: { key: 'fix.adId', values: {} },
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
      measured: 2,
      required: 'an Ad-ID of its own for each creative',
      limit: { value: 1 },
      message: `${capital(creativeName(earlier))} and ${creativeName(creative)} have the same Ad-ID, ${describe(adId)}: an ad server rejects or merges two creatives with one Ad-ID, so give each its own (or leave one empty for no code).`,
      creatives: [earlier, creative],
      adId,
    });
  }
  return findings;
}
