// One identity per creative, applied to the runs: the creatives of a delivery (its versions) and of a feed run
// (each row in each version, beside the versions' own Ad-IDs), refused before anything is voiced or rendered when
// two share an Ad-ID; a row's malformed Ad-ID is a problem of that row. The checks themselves are the pure
// functions of the judge (`src/rules/judge.ts`, `{ kind: 'creatives' }`); here they meet the project and the feed.
import type { Creative, IdentityFinding } from '../rules/identity.js';
import { judge } from '../rules/judge.js';
import { StudioError } from '../errors.js';
import { adIdColumn, rowAdId } from '../feed/ad-id-column.js';
import type { Feed } from '../feed/types.js';
import type { ProjectDocument } from '../model/document.js';
import { versionName } from '../model/version-name.js';
import { findVersion, versionCampaign, versionView } from '../model/versions.js';
import type { FeedProblem, FeedRowCheck } from '../rules/row.js';

/**
 * A delivery refused because two of its creatives share an Ad-ID (`code: 'ad-id-duplicate'`, recoverable): nothing
 * was voiced or rendered. `findings` names each pair, so that a panel can say it in the user's language.
 */
export class StudioAdIdError extends StudioError {
  static override get kind(): string {
    return 'StudioAdIdError';
  }
  readonly findings: readonly IdentityFinding[];

  constructor(findings: readonly IdentityFinding[]) {
    const shown = findings.slice(0, 3).map((finding) => finding.message);
    const more = findings.length > 3 ? ` And ${findings.length - 3} more pairs.` : '';
    super('ad-id-duplicate', `Not delivered: ${shown.join(' ')}${more}`, { recoverable: true });
    this.findings = findings;
  }
}

/** Version `id` in words, as the versions bar and the Deliver panel call it (its label, else its length). */
export function versionWords(project: ProjectDocument, id: string): string {
  const version = findVersion(project, id);
  return version === undefined ? id : versionName(version, versionView(project, id).duration);
}

/** The creatives of a delivery of versions `ids`: each with the Ad-ID its files carry (`versionCampaign`). */
export const versionCreatives = (project: ProjectDocument, ids: readonly string[]): Creative[] =>
  ids.map((id) => ({ kind: 'version', name: versionWords(project, id), adId: versionCampaign(project, id).adId }));

/** Refuses (`StudioAdIdError`) creatives of which two share an Ad-ID; before anything is voiced or rendered. */
export function refuseDuplicateAdIds(creatives: readonly Creative[]): void {
  const duplicates = judge({ kind: 'creatives', creatives }).filter((found) => found.rule === 'ad-id-duplicate');
  if (duplicates.length > 0) throw new StudioAdIdError(duplicates);
}

/** A version of a run, by its id and its name in words (`versionWords`). */
export interface VersionRef {
  readonly id: string;
  readonly name: string;
}

/** Versions `ids` of `project`, each with its name in words. */
export const versionRefs = (project: ProjectDocument, ids: readonly string[]): VersionRef[] => ids.map((id) => ({ id, name: versionWords(project, id) }));

/** Row `index`'s creatives in `versions`: its key, the version when there are several, its Ad-ID in each. */
export function rowCreatives(feed: Feed, versions: readonly VersionRef[], index: number, key: string): Creative[] {
  return versions.map(({ id, name }) => ({ kind: 'row', name: key, ...(versions.length > 1 ? { version: name } : {}), adId: rowAdId(feed, index, id) }));
}

/**
 * The problems of a row's Ad-IDs in `versions`, as the feed's checks word them: each malformed one, in its column,
 * with the judge's finding to say it in the reader's language (`findingWords` and its advice).
 */
export function rowAdIdProblems(feed: Feed, versions: readonly VersionRef[], index: number, key: string): FeedProblem[] {
  const creatives = rowCreatives(feed, versions, index, key);
  return creatives.flatMap((creative, at) =>
    judge({ kind: 'creatives', creatives: [creative] }).map(
      (finding): FeedProblem => ({ column: adIdColumn(feed, versions[at]!.id), kind: 'ad-id', rule: finding.rule, severity: finding.severity, message: finding.message, said: { finding } }),
    ),
  );
}

/** `check` with the problems of its row's Ad-IDs in `versions` (a malformed one keeps the row from delivery). */
export function withAdIdProblems(feed: Feed, versions: readonly VersionRef[], index: number, check: FeedRowCheck): FeedRowCheck {
  const problems = rowAdIdProblems(feed, versions, index, check.key ?? String(check.row));
  return problems.length === 0 ? check : { ...check, status: 'problem', problems: [...check.problems, ...problems] };
}

/**
 * Refuses a feed run (`StudioAdIdError`) of which two creatives share an Ad-ID: each of `rows` in each of versions
 * `ids`, and those versions' own Ad-IDs (a row's ad is not the version's creative). Before anything is voiced.
 */
export function refuseFeedDuplicates(project: ProjectDocument, feed: Feed, ids: readonly string[], rows: readonly { readonly index: number; readonly key: string }[]): void {
  const versions = versionRefs(project, ids);
  refuseDuplicateAdIds([...versionCreatives(project, ids), ...rows.flatMap(({ index, key }) => rowCreatives(feed, versions, index, key))]);
}
