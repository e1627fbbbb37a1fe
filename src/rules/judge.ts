// The one judge: `judge(subject)` runs every rule of the catalog (./catalog.ts) that applies to a subject and
// returns what failed, as findings (./finding.ts). The per-subject modules are its implementation: ./read.ts and
// ./pace.ts (how a script reads), ./version.ts, ./row.ts (a feed row), ./mix.ts, ./file.ts, ./identity.ts (Ad-IDs)
// and ./vast.ts (a VAST destination's settings). Views show its findings (`findingWords`, in the user's language)
// and decide nothing. Pure: no DOM, no audio.
import type { DeliveryPreset } from '../delivery/presets.js';
import type { DestinationProfile } from '../delivery/types.js';
import type { ProjectDocument } from '../model/document.js';
import { checkDestination, fileFindings, type RuleContext, type RuleFigures } from './file.js';
import type { Finding } from './finding.js';
import { adIdFormatFindings, duplicateAdIdFindings, type Creative, type IdentityFinding } from './identity.js';
import { judgeMix, mixFindings, withTimingRules, type MixFigures, type SpeechTimingFigures } from './mix.js';
import type { PaceLimits } from './pace.js';
import { judgeAdRead } from './read.js';
import { feedChecker, type FeedCheckInput } from './row.js';
import { versionStatus } from './version.js';
import { judgeVast, type VastFinding, type VastSubject } from './vast.js';

/** The ad as it is (the open version of `doc`, or a `versionView`): how its script reads, in the Script step and the status line. */
export interface AdSubject {
  readonly kind: 'ad';
  readonly doc: ProjectDocument;
  /** `vocal.maxFitSpeed` and the chosen destinations' sheets. */
  readonly limits: PaceLimits;
}

/**
 * Version `id` of `doc` against its chosen destinations, on what is known before rendering (its length, size, speech
 * and read). Its read is judged on what the ad's is (`AdSubject`): the destinations' sheets and `maxFitSpeed`.
 */
export interface VersionSubject {
  readonly kind: 'version';
  readonly doc: ProjectDocument;
  readonly id: string;
  readonly destinations: readonly DestinationProfile[];
  /** `vocal.maxFitSpeed`: a read that needs more to fit is a problem, as in the Script step. */
  readonly maxFitSpeed: number;
}

/** Row `index` (from 0) of a feed (`projectCheckInput`), before anything is voiced. Many rows: `feedChecker`, its implementation, reads the feed once. */
export interface RowSubject {
  readonly kind: 'row';
  readonly input: FeedCheckInput;
  readonly index: number;
}

/** A mix before export against its delivery preset, with where its speech is when known. */
export interface MixSubject {
  readonly kind: 'mix';
  readonly measurement: MixFigures;
  readonly preset: DeliveryPreset;
  readonly timing?: { readonly speech: SpeechTimingFigures; readonly duration: number };
}

/** A delivered file's figures against its destination. */
export interface FileSubject {
  readonly kind: 'file';
  readonly destination: DestinationProfile;
  readonly figures: RuleFigures;
  readonly context: RuleContext;
}

/** The creatives of one delivery (versions, rows): each Ad-ID well formed, none shared. */
export interface CreativesSubject {
  readonly kind: 'creatives';
  readonly creatives: readonly Creative[];
}

/** The VAST destinations of one delivery, with the settings it would write. */
export interface VastSettingsSubject {
  readonly kind: 'vast';
  readonly destinations: readonly VastSubject[];
}

/** What the judge judges. */
export type Subject = AdSubject | VersionSubject | RowSubject | MixSubject | FileSubject | CreativesSubject | VastSettingsSubject;

/** A row's problem as a finding: the pace rules with the row's figures; the rules of its values and key measure nothing (NaN). */
function rowFindings(subject: RowSubject): Finding[] {
  const check = feedChecker(subject.input).row(subject.index);
  return check.problems.map((problem) => {
    const measured = problem.rule === 'words-per-second' ? (check.length?.wordsPerSecond ?? NaN) : problem.rule === 'fit' || problem.rule === 'fast-read' ? (check.length?.speed ?? NaN) : NaN;
    return { rule: problem.rule, severity: problem.severity, measured, required: 'see the message', message: problem.message };
  });
}

/** Every failure of a rule of the catalog on `subject`, as findings (empty: it is fine). */
export function judge(subject: CreativesSubject): IdentityFinding[];
export function judge(subject: VastSettingsSubject): VastFinding[];
export function judge(subject: Subject): Finding[];
export function judge(subject: Subject): Finding[] {
  switch (subject.kind) {
    case 'ad':
      return [...judgeAdRead(subject.doc, 'ad', subject.limits).findings];
    case 'version':
      return [...versionStatus(subject.doc, subject.id, subject.destinations, subject.maxFitSpeed).findings];
    case 'row':
      return rowFindings(subject);
    case 'mix': {
      const loudness = judgeMix(subject.measurement, subject.preset);
      return mixFindings(subject.timing === undefined ? loudness : withTimingRules(loudness, subject.timing.speech, subject.timing.duration));
    }
    case 'file':
      return fileFindings(subject.destination, checkDestination(subject.destination, subject.figures, subject.context), 'file', subject.context.adSeconds);
    case 'creatives':
      return [...adIdFormatFindings(subject.creatives), ...duplicateAdIdFindings(subject.creatives)];
    case 'vast':
      return judgeVast(subject.destinations);
  }
}
