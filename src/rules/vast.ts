// A VAST destination's settings judged before anything is rendered (IAB VAST 4.1): the media base URL the files
// are served under (given, an absolute http(s) URI without a query), at least one impression URL and at most
// `VAST_LIMITS.impressionUrls`, each an absolute http(s) URI (so no placeholder: `about:blank` and macros such as
// `[CACHEBUSTING]` are refused), and the error URL when given. The writer (session/deliver-vast.ts), the Deliver
// panel, `deliver()` and the batch read these findings; none keeps its own check. A finding never holds a URL (it
// may carry a token): at most the fault's scheme or character. Pure.
import { VAST_LIMITS, vastUrlFault, vastUrlProblem, type VastUrlFault } from '../delivery/vast.js';
import { describe } from '../internal/describe.js';
import type { RuleId } from './catalog.js';
import type { Finding } from './finding.js';

/** The VAST rules of the judge (src/rules/catalog.ts). */
export type VastRule = Extract<RuleId, `vast-${string}`>;

/** A VAST destination's settings for one delivery, as the judge reads them (a profile's, with what the delivery gives over them). */
export interface VastSubject {
  /** The destination's id. */
  readonly destination: string;
  readonly mediaBaseUrl?: string | undefined;
  readonly impressionUrls?: readonly string[] | undefined;
  readonly errorUrl?: string | undefined;
}

/** What the VAST rules found: a finding with the destination, the setting at fault and, for a wrong URL, why. */
export interface VastFinding extends Finding {
  readonly rule: VastRule;
  readonly destination: string;
  /** The setting at fault, as a key path of `vast` (`mediaBaseUrl`, `impressionUrls`, `impressionUrls[1]`, `errorUrl`). */
  readonly field: string;
  /** Why a URL is wrong, for a translation (never the URL). */
  readonly fault?: VastUrlFault;
  /** Which impression URL, counted from 0 (`vast-impression-url`). */
  readonly index?: number;
}

/** The findings of one URL setting: none when it is fine. */
function urlFinding(subject: VastSubject, rule: VastRule, field: string, url: string, base: boolean, index?: number): VastFinding[] {
  const fault = vastUrlFault(url, { base });
  if (fault === null) return [];
  const problem = vastUrlProblem(url, { base })!;
  return [{ rule, severity: 'problem', measured: url.length, required: 'an absolute http(s) URL', message: problem, destination: subject.destination, field, fault, ...(index === undefined ? {} : { index }) }];
}

/** The findings of the settings of each VAST destination among `subjects`, in the order a form shows its fields. */
export function judgeVast(subjects: readonly VastSubject[]): VastFinding[] {
  return subjects.flatMap((subject): VastFinding[] => {
    const found: VastFinding[] = [];
    const named = describe(subject.destination);
    if (subject.mediaBaseUrl === undefined || subject.mediaBaseUrl.trim() === '') {
      found.push({
        rule: 'vast-media-base-required',
        severity: 'problem',
        measured: 0,
        required: 'a media base URL',
        message: `The ${named} destination writes a vast.xml that points at the files where you will host them: give the address they will be served under`,
        destination: subject.destination,
        field: 'mediaBaseUrl',
      });
    } else {
      found.push(...urlFinding(subject, 'vast-media-base-url', 'mediaBaseUrl', subject.mediaBaseUrl, true));
    }
    const impressions = subject.impressionUrls ?? [];
    if (impressions.length === 0) {
      found.push({
        rule: 'vast-impression-required',
        severity: 'problem',
        measured: 0,
        required: 'at least 1 impression URL',
        limit: { value: 1 },
        message: `The ${named} destination writes a vast.xml, and an ad server counts its plays by the impression URLs it holds; none was given: give at least one impression URL`,
        destination: subject.destination,
        field: 'impressionUrls',
      });
    } else if (impressions.length > VAST_LIMITS.impressionUrls) {
      found.push({
        rule: 'vast-impression-count',
        severity: 'problem',
        measured: impressions.length,
        required: `at most ${VAST_LIMITS.impressionUrls} URLs`,
        limit: { value: VAST_LIMITS.impressionUrls },
        message: `expected at most ${VAST_LIMITS.impressionUrls} URLs, got ${impressions.length}`,
        destination: subject.destination,
        field: 'impressionUrls',
      });
    }
    impressions.forEach((url, index) => found.push(...urlFinding(subject, 'vast-impression-url', `impressionUrls[${index}]`, url, false, index)));
    if (subject.errorUrl !== undefined) found.push(...urlFinding(subject, 'vast-error-url', 'errorUrl', subject.errorUrl, false));
    return found;
  });
}
